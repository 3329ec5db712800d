import { style } from "@vanilla-extract/css";
import { goldProgressRules, textInputRules } from "~/styles/recipes";
import { breakpoints, vars } from "~/styles/theme.css";

export const dialog = style({
  width: "min(34rem, calc(100vw - 2rem))",
  maxHeight: "calc(100vh - 2rem)",
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.card,
  selectors: { "&::backdrop": { background: "rgba(5, 8, 18, 0.75)" } },
});

export const wide = style({ width: "min(46rem, calc(100vw - 2rem))" });

export const inner = style({ padding: vars.space.lg });

export const head = style({ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: vars.space.md, marginBottom: vars.space.md });

export const title = style({ margin: 0, fontSize: "1.5rem" });

export const close = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flexShrink: 0,
  width: 40,
  height: 40,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: "transparent",
  color: vars.color.text,
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.surfaceRaised } },
});

export const text = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.textMuted });

export const small = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted, fontSize: "0.9rem" });

export const steps = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.md });

export const step = style({ display: "flex", gap: vars.space.md, alignItems: "flex-start" });

export const stepNumber = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flexShrink: 0,
  width: 36,
  height: 36,
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.brandInk,
  fontWeight: 700,
});

export const stepTitle = style({ margin: `0 0 ${vars.space.xs}`, fontSize: "1.1rem" });

export const form = style({ display: "grid", gap: vars.space.md });

export const field = style({ display: "grid", gap: vars.space.xs, marginBottom: vars.space.md });

export const label = style({ fontWeight: 600 });

export const input = style(textInputRules);

export const fieldError = style({ margin: 0, color: vars.color.danger, fontSize: "0.95rem" });

export const success = style({ textAlign: "center", paddingBlock: vars.space.md });

// On a phone the buttons stack at full width instead of wrapping into a ragged right-aligned pair.
export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  justifyContent: "flex-end",
  "@media": { "screen and (max-width: 599px)": { display: "grid", gridTemplateColumns: "minmax(0, 1fr)" } },
});

const buttonBase = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  font: "inherit",
  fontWeight: 600,
  textDecoration: "none",
  cursor: "pointer",
} as const;

export const primary = style({
  ...buttonBase,
  border: 0,
  background: vars.color.brand,
  color: vars.color.brandInk,
  selectors: { "&:hover": { background: vars.color.brandStrong, color: vars.color.brandInk }, "&:disabled": { opacity: 0.7, cursor: "progress" } },
});

export const secondary = style({
  ...buttonBase,
  border: `1px solid ${vars.color.brand}`,
  background: "transparent",
  color: vars.color.brandStrong,
  selectors: { "&:hover": { background: vars.color.surfaceRaised, color: vars.color.text } },
});

export const progressBlock = style({ marginBottom: vars.space.lg });

export const progressLabel = style({ margin: `0 0 ${vars.space.xs}`, fontWeight: 600 });

export const progress = style(goldProgressRules);

export const tiles = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  gap: vars.space.sm,
  "@media": { [breakpoints.footer]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});

export const tile = style({
  display: "grid",
  gap: vars.space.xs,
  height: "100%",
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover": { borderColor: vars.color.brand, color: vars.color.text } },
});

export const tileTitle = style({ fontWeight: 700, color: vars.color.brandStrong });


export const helpButton = style({
  position: "fixed",
  insetInlineEnd: vars.space.lg,
  bottom: vars.space.lg,
  zIndex: 20,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.xs,
  minWidth: 56,
  height: 56,
  paddingInline: vars.space.md,
  border: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.gold,
  font: "inherit",
  fontWeight: 700,
  color: vars.color.brandInk,
  boxShadow: vars.shadow.card,
  cursor: "pointer",
  transition: `transform ${vars.motion.fast}, opacity ${vars.motion.fast}, visibility ${vars.motion.fast}`,
  selectors: {
    "&:hover": { transform: "scale(1.06)" },
    // Out of the way while the visitor writes (docs/product.md#your-ring): it never covers the wish form or a field in use.
    "&[data-away]": { opacity: 0, visibility: "hidden", pointerEvents: "none" },
  },
  "@media": {
    [breakpoints.reducedMotion]: { selectors: { "&:hover": { transform: "none" } } },
    // Smaller and nearer the corner on phones, where it sits over the content more of the time.
    "screen and (max-width: 599px)": { minWidth: 48, height: 48, paddingInline: vars.space.sm, insetInlineEnd: vars.space.md, bottom: vars.space.md },
  },
});

/** The button's visible words; on a phone only the sparkle shows, and its name stays for screen readers. */
export const helpLabel = style({ "@media": { "screen and (max-width: 599px)": { display: "none" } } });
