import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: 10,
  background: "rgba(11, 16, 32, 0.92)",
  borderBottom: `1px solid ${vars.color.border}`,
  backdropFilter: "blur(8px)",
});

export const bar = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.md, minHeight: "4rem" });

export const brand = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  color: vars.color.text,
  textDecoration: "none",
  fontFamily: vars.font.display,
  fontSize: "1.25rem",
  fontWeight: 600,
});

export const mark = style({ fontSize: "1.5rem" });
