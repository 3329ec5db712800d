import { keyframes, style } from "@vanilla-extract/css";
import { breakpoints, vars } from "~/styles/theme.css";
import { moment, momentPanel } from "~/styles/moment.css";

export const card = style({ position: "relative", scrollMarginTop: vars.space.md });

export const title = style({ margin: 0, fontSize: "1.75rem", color: vars.color.text });

const ringSpin = keyframes({ to: { transform: "rotate(360deg)" } });

/**
 * The form's ring (docs/product.md#validation): a quiet circle beside the title that wakes, gold and turning, while the wish has text and
 * is not being sent.
 */
export const ringVisual = style({
  display: "inline-block",
  width: "0.85em",
  height: "0.85em",
  marginInlineEnd: "0.4em",
  verticalAlign: "-0.05em",
  borderRadius: "50%",
  border: `2px solid ${vars.color.border}`,
  opacity: 0.6,
  transition: `opacity ${vars.motion.fast}, border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  selectors: {
    '&[data-active="true"]': {
      opacity: 1,
      borderColor: vars.color.gold,
      borderTopColor: "transparent",
      boxShadow: `0 0 10px ${vars.color.gold}`,
      animation: `${ringSpin} 2.4s linear infinite`,
    },
  },
  "@media": { [breakpoints.reducedMotion]: { selectors: { '&[data-active="true"]': { animation: "none", borderTopColor: vars.color.gold } } } },
});

export const notice = style({
  margin: `${vars.space.md} 0 0`,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  borderInlineStart: `4px solid ${vars.color.success}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
});

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.md, marginTop: vars.space.md });

export const row = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 14rem), 1fr))",
  gap: vars.space.md,
});

export const field = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, minWidth: 0 });

export const label = style({ fontWeight: 600, color: vars.color.text });

export const optional = style({ fontWeight: 400, color: vars.color.textMuted });

const control = {
  width: "100%",
  minHeight: "2.75rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
  font: "inherit",
  selectors: {
    "&::placeholder": { color: vars.color.textMuted, opacity: 1 },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
} as const;

export const input = style(control);

export const textarea = style({ ...control, resize: "vertical", minHeight: "7rem", lineHeight: 1.5 });

export const wishFooter = style({ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: vars.space.md });

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: "0.875rem" });

export const counter = style({ margin: 0, flexShrink: 0, color: vars.color.textMuted, fontSize: "0.875rem", fontVariantNumeric: "tabular-nums" });

// Orange past the warning length; #ffb74d on the card surface is well above 4.5:1.
export const counterWarning = style([counter, { color: vars.color.warning, fontWeight: 700 }]);

export const fieldError = style({ margin: 0, color: vars.color.danger, fontSize: "0.9375rem" });

export const formError = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  borderInlineStart: `4px solid ${vars.color.danger}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
});

export const countryRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

const button = {
  minHeight: "2.75rem",
  paddingInline: vars.space.lg,
  borderRadius: vars.radius.pill,
  font: "inherit",
  fontWeight: 600,
  cursor: "pointer",
} as const;

export const secondary = style({
  ...button,
  flexShrink: 0,
  border: `1px solid ${vars.color.brand}`,
  background: "transparent",
  color: vars.color.brandStrong,
  ":hover": { background: vars.color.surfaceRaised },
  ":disabled": { cursor: "progress" },
});

export const submitRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: `${vars.space.sm} ${vars.space.md}` });

export const submit = style({
  ...button,
  border: "none",
  background: `linear-gradient(135deg, ${vars.color.brandStrong}, ${vars.color.brand})`,
  color: vars.color.brandInk,
  ":hover": { filter: "brightness(1.08)" },
  selectors: {
    "&:disabled": { background: vars.color.surfaceRaised, color: vars.color.textMuted, cursor: "not-allowed" },
    '&[aria-disabled="true"]': { cursor: "progress" },
  },
});

export const overlayIdle = style({ position: "absolute", width: 0, height: 0, overflow: "hidden" });

// The whole screen, opaque and centred (docs/product.md#your-ring): the ritual's moment (app/styles/moment.css.ts).
export const overlay = moment;

export const overlayPanel = momentPanel;

const spin = keyframes({ to: { transform: "rotate(360deg)" } });

export const orb = style({
  width: "3.5rem",
  height: "3.5rem",
  borderRadius: "50%",
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.gold,
  borderRightColor: vars.color.brand,
  animation: `${spin} 1.2s linear infinite`,
  "@media": { [breakpoints.reducedMotion]: { animation: "none" } },
});

export const stageLabel = style({ margin: 0, fontFamily: vars.font.display, fontSize: "clamp(1.4rem, 5vw, 2rem)", color: vars.color.text });

export const stageCount = style({ margin: 0, color: vars.color.textMuted });

export const stageDots = style({ display: "flex", gap: vars.space.sm, margin: 0, padding: 0, listStyle: "none" });

export const stageDot = style({
  width: "0.625rem",
  height: "0.625rem",
  borderRadius: "50%",
  background: vars.color.border,
});

export const stageDotDone = style([stageDot, { background: vars.color.gold }]);
