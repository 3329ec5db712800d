import { keyframes, style } from "@vanilla-extract/css";
import { outlinePillRules } from "~/styles/recipes";
import { breakpoints, vars } from "~/styles/theme.css";

export const pending = style({ marginTop: vars.space.xxl });

export const header = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: vars.space.sm,
});

export const title = style({ margin: 0, fontSize: "1.5rem" });

export const status = style({ margin: 0, color: vars.color.textMuted });

export const sky = style({
  position: "relative",
  marginTop: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: `radial-gradient(ellipse at 30% 20%, #1b2650 0%, ${vars.color.background} 75%)`,
});

export const skySvg = style({ display: "block", width: "100%", height: "auto", maxHeight: "14rem" });

export const skyLine = style({
  fill: "none",
  stroke: vars.color.brandStrong,
  strokeOpacity: 0.45,
  strokeWidth: 0.25,
  strokeLinejoin: "round",
});

const twinkle = keyframes({
  "0%, 100%": { opacity: 1 },
  "50%": { opacity: 0.55 },
});

export const starDim = style({ fill: vars.color.textMuted, opacity: 0.35 });

export const starLit = style({
  fill: vars.color.gold,
  animation: `${twinkle} 3s ease-in-out infinite`,
  "@media": { [breakpoints.reducedMotion]: { animation: "none" } },
});

export const starFeatured = style({ fill: "#ffffff", filter: "drop-shadow(0 0 1.5px #ffffff)" });

export const caption = style({
  minHeight: "1.6em",
  margin: `${vars.space.sm} 0 0`,
  textAlign: "center",
  fontFamily: vars.font.display,
  fontSize: "1.125rem",
  color: vars.color.text,
  overflowWrap: "anywhere",
});

export const play = style({
  display: "block",
  marginInline: "auto",
  marginTop: vars.space.sm,
  ...outlinePillRules,
});

export const list = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 16rem), 1fr))",
  gap: vars.space.sm,
  margin: `${vars.space.md} 0 0`,
  padding: 0,
  listStyle: "none",
});

export const item = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  borderInlineStart: `3px solid ${vars.color.gold}`,
  background: vars.color.surface,
});

export const itemText = style({ margin: 0, overflowWrap: "anywhere" });

export const itemMeta = style({ margin: 0, color: vars.color.textMuted, fontSize: "0.875rem" });

export const more = style({ margin: `${vars.space.md} 0 0`, color: vars.color.textMuted });
