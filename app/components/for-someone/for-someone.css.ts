import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const quote = style({
  margin: `${vars.space.md} 0`,
  paddingInlineStart: vars.space.md,
  borderInlineStart: `3px solid ${vars.color.gold}`,
  fontSize: "1.25rem",
  overflowWrap: "anywhere",
});

export const poem = style({ margin: `${vars.space.sm} 0`, fontSize: "1.2rem", fontStyle: "italic", color: vars.color.gold });

export const share = style({
  marginTop: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.gold}`,
  background: vars.color.surfaceRaised,
});

export const ready = style({ margin: 0, fontWeight: 600 });

export const link = style({ margin: `${vars.space.xs} 0`, overflowWrap: "anywhere" });

export const buttons = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, marginTop: vars.space.sm });

export const button = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "2.5rem",
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: "transparent",
  color: vars.color.text,
  font: `600 0.95rem/1 ${vars.font.body}`,
  textDecoration: "none",
  cursor: "pointer",
  ":hover": { background: vars.color.surface },
});

export const said = style({ margin: `${vars.space.xs} 0 0`, minHeight: "1.2em", color: vars.color.textMuted });
