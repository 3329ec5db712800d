import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { outlinePillRules } from "~/styles/recipes";
import { breakpoints, vars } from "~/styles/theme.css";

export const strip = style({ marginTop: vars.space.xxl });

export const header = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
});

export const title = style({ display: "flex", alignItems: "center", gap: vars.space.sm, margin: 0, fontSize: "1.5rem" });

// Transform and opacity only, so the compositor animates the ring without repainting the page every frame.
const beat = keyframes({
  "0%": { transform: "scale(1)", opacity: 0.7 },
  "70%, 100%": { transform: "scale(2.6)", opacity: 0 },
});

export const pulse = style({
  position: "relative",
  width: "0.625rem",
  height: "0.625rem",
  borderRadius: vars.radius.pill,
  background: vars.color.success,
  "::after": {
    content: '""',
    position: "absolute",
    inset: 0,
    borderRadius: "inherit",
    background: vars.color.success,
    animation: `${beat} 2s infinite`,
  },
  "@media": { [breakpoints.reducedMotion]: { selectors: { "&::after": { animation: "none", opacity: 0 } } } },
});

export const toggle = style(outlinePillRules);

export const track = style({
  // Positioned so the visually hidden descriptions inside are clipped by the scroller instead of widening the page.
  position: "relative",
  marginTop: vars.space.md,
  overflowX: "auto",
  scrollbarWidth: "thin",
});

export const list = style({ display: "flex", margin: 0, padding: 0, listStyle: "none", width: "max-content" });

// Entries out of view are not laid out: 48 flags are costly to shape on a phone's first render, and the strip sits
// below the fold and shows a few at a time (ADR 0011). Containment clips paint to the item, so the padding is the
// focus ring's room (3px ring, 2px offset), which also spaces the pills.
const focusRingRoom = "5px";
globalStyle(`${list} > li`, {
  padding: focusRingRoom,
  contentVisibility: "auto",
  containIntrinsicSize: `auto 11rem auto calc(2.75rem + 2 * ${focusRingRoom})`,
});

export const entry = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "2.75rem",
  paddingInline: vars.space.md,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  whiteSpace: "nowrap",
  ":hover": { borderColor: vars.color.brand, color: vars.color.text },
});

export const flag = style({ fontSize: "1.25rem", lineHeight: 1 });

export const country = style({ fontWeight: 600 });

export const count = style({ color: vars.color.textMuted, fontSize: "0.875rem" });

export const fresh = style({
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  background: vars.color.gold,
  color: vars.color.brandInk,
  fontSize: "0.75rem",
  fontWeight: 700,
  textTransform: "uppercase",
});

export const caption = style({
  minHeight: "1.6em",
  margin: `${vars.space.xs} 0 0`,
  color: vars.color.textMuted,
  fontSize: "0.9375rem",
  overflowWrap: "anywhere",
});
