import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const hero = style({ textAlign: "center", paddingBlock: vars.space.xl });

export const headline = style({
  fontSize: "clamp(2rem, 5vw, 3.25rem)",
  margin: 0,
  color: vars.color.text,
});

export const tagline = style({ fontSize: "1.25rem", color: vars.color.textMuted, marginTop: vars.space.md });
