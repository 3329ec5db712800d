import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const card = style({
  position: "relative",
  marginTop: vars.space.lg,
  padding: `${vars.space.md} ${vars.space.lg}`,
  paddingInlineEnd: "3rem",
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.gold}`,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.card,
});

export const title = style({ margin: 0, fontSize: "1.05rem", color: vars.color.gold });

export const quote = style({
  margin: `${vars.space.xs} 0 0`,
  fontStyle: "italic",
  overflowWrap: "anywhere",
  // A long wish keeps the card short; the whole wish is on the Wall.
  display: "-webkit-box",
  WebkitBoxOrient: "vertical",
  WebkitLineClamp: 3,
  overflow: "hidden",
});

export const sentence = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted });

export const action = style({
  display: "inline-block",
  marginTop: vars.space.sm,
  color: vars.color.brandStrong,
  fontWeight: 600,
});

export const hide = style({
  position: "absolute",
  top: vars.space.xs,
  insetInlineEnd: vars.space.xs,
  width: "2.25rem",
  height: "2.25rem",
  border: "none",
  borderRadius: vars.radius.pill,
  background: "transparent",
  color: vars.color.textMuted,
  font: `1.25rem/1 ${vars.font.body}`,
  cursor: "pointer",
  ":hover": { color: vars.color.text, background: vars.color.surface },
});

export const confirm = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm, marginTop: vars.space.sm });

export const withdraw = style({
  display: "inline-block",
  minHeight: "2.25rem",
  marginTop: vars.space.sm,
  marginInlineEnd: vars.space.sm,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: "transparent",
  color: vars.color.text,
  font: `0.9rem/1 ${vars.font.body}`,
  cursor: "pointer",
  ":hover": { background: vars.color.surface },
  ":disabled": { opacity: 0.6, cursor: "progress" },
});

export const notify = style({ marginTop: vars.space.xs });
