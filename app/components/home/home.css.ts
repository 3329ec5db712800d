import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// Compact on a phone, so the way in (the filled action) sits on the first screen with the hero's three buttons (docs/product.md#the-home-page).
export const hero = style({
  textAlign: "center",
  paddingBlock: vars.space.xl,
  "@media": { "(max-width: 599px)": { paddingBlock: vars.space.md } },
});

export const headline = style({
  fontSize: "clamp(1.75rem, 5vw, 3.25rem)",
  margin: 0,
  color: vars.color.text,
});

export const tagline = style({
  fontSize: "1.25rem",
  color: vars.color.textMuted,
  marginTop: vars.space.md,
  "@media": { "(max-width: 599px)": { fontSize: "1.1rem", marginTop: vars.space.sm, marginBottom: 0 } },
});

/** The one filled action of the hero: into the wish box. */
export const primaryAction = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "3rem",
  marginTop: vars.space.md,
  paddingInline: vars.space.xl,
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.brand}`,
  background: vars.color.brand,
  color: vars.color.brandInk,
  fontSize: "1.1rem",
  fontWeight: 700,
  textDecoration: "none",
  ":hover": { background: vars.color.brandStrong, color: vars.color.brandInk },
});

export const heroActions = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: vars.space.sm,
  marginTop: vars.space.md,
});

export const heroAction = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "2.75rem",
  paddingInline: vars.space.lg,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.brand}`,
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: "none",
  ":hover": { background: vars.color.surfaceRaised, color: vars.color.text },
});

/** The wish form and the bell side by side, stacked on narrow screens. */
export const columns = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 22rem), 1fr))",
  gap: vars.space.lg,
  alignItems: "start",
});

export const bellColumn = style({ scrollMarginTop: vars.space.md });

export const mapSection = style({ marginBlock: vars.space.xl });

/**
 * The bell and the card that follows the visitor's wish. On a phone the card comes first: after a wish is sent the
 * page glides the bell up under the header, and the "encoding complete" toast at the bottom then lies over the end
 * of the bell card, never over the card about the wish (docs/product.md#your-ring).
 */
export const bellStack = style({ display: "flex", flexDirection: "column" });
globalStyle(`${bellStack} > section[aria-labelledby=your-wish-title]`, {
  "@media": { "screen and (max-width: 599px)": { order: -1, marginBlock: `0 ${vars.space.lg}` } },
});
