import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const viewport = style({
  position: "fixed",
  insetInline: 0,
  bottom: vars.space.lg,
  zIndex: 1000,
  display: "flex",
  justifyContent: "center",
  paddingInline: vars.space.md,
  pointerEvents: "none",
});

export const toast = style({
  pointerEvents: "auto",
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  maxWidth: "min(36rem, 100%)",
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: "2px solid",
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.card,
});

// The coloured edge and icon carry the severity; the text stays high-contrast on the raised surface.
export const severity = styleVariants({
  success: { borderColor: vars.color.success },
  error: { borderColor: vars.color.danger },
  info: { borderColor: vars.color.brand },
});

export const icon = style({
  flexShrink: 0,
  display: "grid",
  placeItems: "center",
  width: "1.5rem",
  height: "1.5rem",
  borderRadius: vars.radius.pill,
  background: vars.color.brandStrong,
  color: vars.color.brandInk,
  fontWeight: 700,
  fontSize: "0.875rem",
  selectors: {
    [`${severity.success} &`]: { background: vars.color.success },
    [`${severity.error} &`]: { background: vars.color.danger },
  },
});

export const idle = style({ display: "flex" });

// The empty region takes no room, so the message gets the whole toast; it stays rendered for screen readers.
export const region = style({ flex: "1 1 auto", selectors: { "&:empty": { flex: "0 0 0", width: 0 } } });

export const message = style({ margin: 0 });

export const link = style({ color: "inherit", fontWeight: 700, textDecoration: "underline", textUnderlineOffset: "0.15em" });

export const dismiss = style({
  flexShrink: 0,
  width: "2.75rem",
  height: "2.75rem",
  border: "none",
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.text,
  fontSize: "1.5rem",
  lineHeight: 1,
  cursor: "pointer",
  ":hover": { background: vars.color.border },
});
