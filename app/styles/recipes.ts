import { vars } from "./theme.css";

/**
 * Shapes that several components share. Each component spreads one into its own `style()`, so its class and its
 * place in the stylesheet stay its own while the shape is written once.
 */

/** Hidden from sight, still read by screen readers. */
export const visuallyHiddenRules = {
  position: "absolute",
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
} as const;

/** The filled brand-blue pill of a form's main action. */
export const primaryButtonRules = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  padding: `${vars.space.sm} ${vars.space.lg}`,
  border: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.brandInk,
  font: "inherit",
  fontWeight: 600,
  textDecoration: "none",
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.brandStrong, color: vars.color.brandInk }, "&:disabled": { opacity: 0.7, cursor: "progress" } },
} as const;

/** An outlined pill for secondary actions, at least 44 px tall for touch. */
export const outlinePillRules = {
  minHeight: "2.75rem",
  paddingInline: vars.space.md,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: "transparent",
  color: vars.color.text,
  font: "inherit",
  cursor: "pointer",
  ":hover": { borderColor: vars.color.brand },
} as const;

/** A single-line text field on the dark surface, red-edged when invalid. */
export const textInputRules = {
  width: "100%",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  color: vars.color.text,
  font: "inherit",
  selectors: { "&[aria-invalid='true']": { borderColor: vars.color.danger } },
} as const;

/** A slim gold `<progress>` bar on a raised track, drawn the same in Chromium and Firefox. */
export const goldProgressRules = {
  width: "100%",
  height: 14,
  appearance: "none",
  border: 0,
  borderRadius: vars.radius.pill,
  overflow: "hidden",
  background: vars.color.surfaceRaised,
  selectors: {
    "&::-webkit-progress-bar": { background: vars.color.surfaceRaised },
    "&::-webkit-progress-value": { background: vars.color.gold },
    "&::-moz-progress-bar": { background: vars.color.gold },
  },
} as const;
