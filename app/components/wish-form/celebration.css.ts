import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const layer = style({
  position: "fixed",
  inset: 0,
  overflow: "hidden",
  pointerEvents: "none",
  zIndex: 900,
});

export const star = style({
  position: "absolute",
  width: "1.5rem",
  height: "1.5rem",
  marginLeft: "-0.75rem",
  marginTop: "-0.75rem",
  color: vars.color.gold,
  fontSize: "1.5rem",
  lineHeight: 1,
  textAlign: "center",
  filter: "drop-shadow(0 0 8px rgba(255, 213, 79, 0.9))",
});

export const sparkle = style({
  position: "absolute",
  width: "0.5rem",
  height: "0.5rem",
  marginLeft: "-0.25rem",
  marginTop: "-0.25rem",
  borderRadius: "50%",
  background: vars.color.gold,
  boxShadow: "0 0 6px rgba(255, 213, 79, 0.9)",
  opacity: 0,
});
