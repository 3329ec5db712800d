import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const footer = style({
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  paddingBlock: vars.space.lg,
  marginTop: vars.space.xl,
});

export const tagline = style({ margin: 0, color: vars.color.textMuted, fontSize: "0.95rem" });
