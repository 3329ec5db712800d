import { style } from "@vanilla-extract/css";
import { visuallyHiddenRules } from "./recipes";
import { vars } from "./theme.css";

export const container = style({
  width: "100%",
  maxWidth: vars.content.width,
  marginInline: "auto",
  paddingInline: vars.space.md,
});

export const main = style({ flex: 1, paddingBlock: vars.space.xl });

export const visuallyHidden = style(visuallyHiddenRules);

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  boxShadow: vars.shadow.card,
});

export const prose = style({ maxWidth: vars.content.narrow, marginInline: "auto" });
