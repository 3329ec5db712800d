import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const shell = style({ display: "grid", gap: vars.space.lg });

export const nav = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  paddingBlockEnd: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const navList = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, listStyle: "none", margin: 0, padding: 0, flex: 1 });

export const navLink = style({
  display: "inline-block",
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  textDecoration: "none",
  color: vars.color.text,
  selectors: { "&[aria-current='page']": { background: vars.color.surfaceRaised, outline: `1px solid ${vars.color.brand}` } },
});

export const section = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  overflowX: "auto",
});

export const sectionTitle = style({ marginBlockStart: 0, fontSize: "1.25rem" });

export const grid = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fit, minmax(16rem, 1fr))" });

export const statList = style({
  display: "grid",
  gap: vars.space.sm,
  // Two tiles a row even at 360 px: nine full-width tiles made a phone scroll a screen and a half for nine numbers.
  gridTemplateColumns: "repeat(auto-fill, minmax(min(9rem, 40%), 1fr))",
  margin: 0,
});

export const stat = style({ background: vars.color.surfaceRaised, borderRadius: vars.radius.sm, padding: `${vars.space.sm} ${vars.space.md}` });
globalStyle(`${stat} dt`, { color: vars.color.textMuted, fontSize: "0.9rem" });
globalStyle(`${stat} dd`, { margin: 0, fontSize: "1.6rem", fontWeight: 600 });

export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: "0.95rem" });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "start",
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
});
globalStyle(`${table} th`, { color: vars.color.textMuted, fontWeight: 600 });

export const wishText = style({ maxWidth: "32rem", overflowWrap: "anywhere" });

export const muted = style({ color: vars.color.textMuted });

export const form = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space.sm });

export const field = style({ display: "grid", gap: vars.space.xs });

export const input = style({
  font: "inherit",
  color: vars.color.text,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  minWidth: "14rem",
});

export const button = style({
  font: "inherit",
  fontWeight: 600,
  cursor: "pointer",
  color: vars.color.brandInk,
  background: vars.color.brand,
  border: "none",
  borderRadius: vars.radius.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  selectors: { "&:hover": { background: vars.color.brandStrong }, "&:disabled": { opacity: 0.6, cursor: "progress" } },
});

export const quietButton = style([
  button,
  { background: "transparent", color: vars.color.text, border: `1px solid ${vars.color.border}`, selectors: { "&:hover": { background: vars.color.surfaceRaised } } },
]);

export const notice = styleVariants({
  success: { color: vars.color.success, margin: 0 },
  error: { color: vars.color.danger, margin: 0 },
});

export const badge = styleVariants({
  good: { color: vars.color.success },
  warn: { color: vars.color.warning },
  bad: { color: vars.color.danger },
  neutral: { color: vars.color.textMuted },
});

export const chart = style({ display: "block", width: "100%", height: "auto" });
export const chartBar = style({ fill: vars.color.brand });
export const chartAxis = style({ stroke: vars.color.border });
/** The first and last day under the chart, as text of the page's size (inside the SVG they shrank with it). */
export const chartDates = style({ display: "flex", justifyContent: "space-between", color: vars.color.textMuted, fontSize: "0.85rem" });

/** A table wider than the screen scrolls inside this box (which the keyboard can reach), not the page. */
export const tableScroll = style({ overflowX: "auto", maxWidth: "100%" });

export const loginCard = style({
  maxWidth: "26rem",
  marginInline: "auto",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.xl,
  display: "grid",
  gap: vars.space.md,
});

export const pre = style({ whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontFamily: "inherit", margin: 0 });

export const figure = style({ margin: 0, display: "grid", gap: vars.space.xs });

/** A ring's jobs, one per item: wide enough that a job id and its state do not break word by word. */
export const jobsCell = style({ minWidth: "15rem", maxWidth: "28rem" });
export const jobList = style({ margin: 0, paddingInlineStart: vars.space.md, display: "grid", gap: vars.space.sm });
export const jobId = style({ overflowWrap: "anywhere" });
export const releaseForm = style({ display: "grid", gap: vars.space.xs, minWidth: "12rem", maxWidth: "18rem" });
globalStyle(`${releaseForm} p`, { margin: 0, fontSize: "0.9rem" });
/** A sentence in a table cell: wide enough to read as lines, not a word a line, when the table is squeezed. */
export const sentenceCell = style({ minWidth: "12rem", maxWidth: "28rem", overflowWrap: "anywhere" });
export const confirmLabel = style({ display: "flex", alignItems: "center", gap: vars.space.xs, minHeight: "24px", fontSize: "0.9rem" });
