import { style, styleVariants } from "@vanilla-extract/css";
import { MARKER_COLOURS } from "~/domain/map-marker";
import { vars } from "~/styles/theme.css";

// minmax(0, 1fr): a wide table scrolls inside its own box instead of widening the column past a phone's screen.
export const page = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: vars.space.xl });

export const intro = style({ maxWidth: vars.content.narrow });
export const title = style({ margin: 0, fontSize: "clamp(2rem, 5vw, 3rem)" });
export const lead = style({ fontSize: "1.125rem", color: vars.color.textMuted });

export const totals = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const total = style({ display: "grid" });
export const totalValue = style({ fontFamily: vars.font.display, fontSize: "2rem", lineHeight: 1.1, color: vars.color.gold });
export const totalLabel = style({ color: vars.color.textMuted });

export const sectionTitle = style({ marginTop: 0 });
export const hint = style({ color: vars.color.textMuted, marginTop: 0 });

export const legend = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  listStyle: "none",
});

export const legendItem = style({ display: "inline-flex", alignItems: "center", gap: vars.space.sm });

const swatchBase = style({
  display: "inline-block",
  width: "0.9rem",
  height: "0.9rem",
  borderRadius: "50%",
  border: "2px solid currentColor",
});

export const swatch = styleVariants(MARKER_COLOURS, (colour) => [swatchBase, { background: colour, color: colour }]);

export const tableWrap = style({ overflowX: "auto" });

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  fontVariantNumeric: "tabular-nums",
});

export const caption = style({ textAlign: "start", color: vars.color.textMuted, paddingBottom: vars.space.sm });

export const headerCell = style({
  textAlign: "start",
  padding: vars.space.sm,
  borderBottom: `2px solid ${vars.color.border}`,
  whiteSpace: "nowrap",
});

export const numericHeader = style([headerCell, { textAlign: "end" }]);

export const sortButton = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: 0,
  border: 0,
  background: "none",
  color: "inherit",
  font: "inherit",
  fontWeight: 700,
  cursor: "pointer",
  ":hover": { color: vars.color.brandStrong },
});

export const cell = style({ padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}` });
export const numericCell = style([cell, { textAlign: "end" }]);
export const flag = style({ marginInlineEnd: vars.space.sm });
export const empty = style({ color: vars.color.textMuted });
