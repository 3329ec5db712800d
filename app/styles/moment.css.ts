import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

/**
 * The ritual's one moment (docs/product.md#your-ring): encoding a wish and ringing the bell take the whole screen, opaque, their
 * panel in the middle, above the sticky header and below the toasts (which sit at the bottom, clear of the panel).
 */
export const moment = style({
  position: "fixed",
  inset: 0,
  zIndex: 900,
  display: "grid",
  // One column exactly as wide as the screen: a long word or line never widens the moment past it.
  gridTemplateColumns: "minmax(0, 1fr)",
  placeItems: "center",
  padding: `${vars.space.xl} ${vars.space.lg} 7rem`,
  background: `radial-gradient(ellipse at 50% 40%, ${vars.color.surface} 0%, ${vars.color.background} 70%)`,
  backgroundColor: vars.color.background,
  textAlign: "center",
  outline: "none",
  overflowY: "auto",
});

/** What the moment says: centred, one column, readable at 360 px. */
export const momentPanel = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.md,
  width: "min(28rem, 100%)",
});
