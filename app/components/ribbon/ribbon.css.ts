import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const ribbon = style({
  marginBlock: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: `linear-gradient(90deg, ${vars.color.surface}, ${vars.color.surfaceRaised}, ${vars.color.surface})`,
});

export const list = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: `${vars.space.sm} ${vars.space.xl}`,
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  listStyle: "none",
});

export const item = style({ display: "flex", alignItems: "baseline", gap: vars.space.sm });

export const value = style({
  fontFamily: vars.font.display,
  fontSize: "1.75rem",
  fontWeight: 600,
  color: vars.color.gold,
  fontVariantNumeric: "tabular-nums",
});

export const label = style({ color: vars.color.textMuted });

/** The server's number, out of sight until the page runs and counts up to it; shown as is without scripts. */
export const awaitCount = style({ "@media": { "(scripting: enabled)": { visibility: "hidden" } } });
