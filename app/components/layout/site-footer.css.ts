import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { primaryButtonRules } from "~/styles/recipes";
import { breakpoints, vars } from "~/styles/theme.css";

export const footer = style({
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  paddingBlockStart: vars.space.xl,
  // Room for the floating help button, so at the end of every page it covers nothing.
  paddingBlockEnd: `calc(${vars.space.xl} + 4.5rem)`,
  marginTop: vars.space.xl,
});

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(4, minmax(0, 1fr)) minmax(16rem, 1.5fr)",
  gap: vars.space.lg,
  // Two columns down to the narrowest phone (one column made the footer 1,400 px tall at 360 px), the newsletter
  // across both.
  "@media": {
    "screen and (max-width: 1100px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    "screen and (max-width: 599px)": { columnGap: vars.space.md },
  },
});
globalStyle(`${grid} > :last-child`, { "@media": { "screen and (max-width: 1100px)": { gridColumn: "1 / -1" } } });

export const group = style({ minWidth: 0 });

export const groupTitle = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: "0.85rem",
  letterSpacing: "0.08em",
  textTransform: "uppercase",
  color: vars.color.brandStrong,
  fontFamily: vars.font.body,
});

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });

export const link = style({ color: vars.color.textMuted, textDecoration: "none", selectors: { "&:hover": { color: vars.color.text, textDecoration: "underline" } } });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  marginTop: vars.space.xl,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
  "@media": { [breakpoints.footer]: { flexDirection: "column", alignItems: "stretch", textAlign: "center" } },
});

export const button = style(primaryButtonRules);

export const chip = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  color: vars.color.text,
  textDecoration: "none",
  fontSize: "0.9rem",
  selectors: { "&:hover": { borderColor: vars.color.brand, color: vars.color.text } },
});

const orbit = keyframes({ from: { transform: "rotate(0deg)" }, to: { transform: "rotate(360deg)" } });

// The atom spins only on hover or focus, and not at all when the visitor asks for reduced motion.
export const quantumChip = style({
  transition: `transform ${vars.motion.normal}, box-shadow ${vars.motion.normal}`,
  selectors: {
    "&:hover, &:focus-visible": { transform: "translateY(-2px)", boxShadow: `0 0 0 3px rgba(100, 181, 246, 0.25)` },
  },
  "@media": { [breakpoints.reducedMotion]: { selectors: { "&:hover, &:focus-visible": { transform: "none" } } } },
});

export const atom = style({
  display: "inline-block",
  color: vars.color.brand,
  fontSize: "1.1rem",
  selectors: {
    [`${quantumChip}:hover &, ${quantumChip}:focus-visible &`]: { animation: `${orbit} 1.6s linear infinite` },
  },
  "@media": { [breakpoints.reducedMotion]: { selectors: { [`${quantumChip}:hover &, ${quantumChip}:focus-visible &`]: { animation: "none" } } } },
});

export const social = style({ marginInlineStart: "auto", "@media": { [breakpoints.footer]: { marginInline: "auto" } } });

export const newsletter = style({ minWidth: 0 });

export const newsletterRow = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap" });

export const input = style({
  flex: "1 1 12rem",
  minWidth: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.background,
  color: vars.color.text,
  font: "inherit",
});

export const small = style({ margin: `${vars.space.xs} 0`, color: vars.color.textMuted, fontSize: "0.9rem", minHeight: "1.4em" });

export const error = style([small, { color: vars.color.danger }]);


export const tagline = style({ margin: `${vars.space.lg} 0 0`, color: vars.color.textMuted, fontSize: "0.95rem" });
