import { style, styleVariants } from "@vanilla-extract/css";
import { THEME_COLOURS } from "~/domain/theme";
import { vars } from "~/styles/theme.css";

export const wall = style({ marginTop: vars.space.xxl, scrollMarginTop: vars.space.md });

export const header = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: vars.space.sm,
});

export const title = style({ margin: 0, fontSize: "2rem" });

export const summary = style({ color: vars.color.textMuted });

export const summaryLine = style({ margin: 0 });

export const filters = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(11rem, 1fr))",
  gap: vars.space.md,
  alignItems: "end",
  marginBlock: vars.space.lg,
  // Two by two on a phone: four stacked filters pushed the first wish a screen down.
  "@media": { "screen and (max-width: 599px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: `${vars.space.sm} ${vars.space.sm}` } },
});

export const filter = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: "0.9375rem",
});

const control = {
  minHeight: "2.75rem",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  font: "inherit",
} as const;

export const select = style({ ...control, width: "100%", paddingInline: vars.space.sm });

export const apply = style({
  ...control,
  paddingInline: vars.space.md,
  background: vars.color.brand,
  borderColor: vars.color.brand,
  color: vars.color.brandInk,
  fontWeight: 600,
  cursor: "pointer",
});

export const updating = style({ opacity: 0.6, transition: `opacity ${vars.motion.fast}` });

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 19rem), 1fr))",
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  height: "100%",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  scrollMarginTop: vars.space.xl,
  selectors: { "&:target, &[data-yours]": { borderColor: vars.color.gold } },
});

export const yoursChip = style({ background: vars.color.gold, color: vars.color.brandInk, fontWeight: 700 });

export const cardTop = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
});

export const chip = style({
  display: "inline-block",
  padding: `0.125rem ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: "0.8125rem",
  fontWeight: 600,
});

export const themeChip = styleVariants(THEME_COLOURS, ({ background, text }) => ({ background, color: text }));

export const time = style({ color: vars.color.textMuted, fontSize: "0.875rem" });

export const wishText = style({
  margin: 0,
  flex: 1,
  fontFamily: vars.font.display,
  fontSize: "1.125rem",
  overflowWrap: "anywhere",
});

export const author = style({ margin: 0, color: vars.color.textMuted, fontSize: "0.9375rem", overflowWrap: "anywhere" });

export const name = style({ color: vars.color.text, fontWeight: 600 });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  marginTop: vars.space.xs,
});

export const resonateForm = style({ margin: 0 });

const pillButton = {
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "2.75rem",
  paddingInline: vars.space.md,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  font: "inherit",
  cursor: "pointer",
} as const;

// The heart is drawn by the stylesheet, not an emoji: phones would fetch and lay out a colour-emoji font for six
// small hearts before the first paint (ADR 0011), and the markup of every card stays smaller.
const HEART_MASK =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath d='M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z'/%3E%3C/svg%3E\") center / contain no-repeat";

export const resonate = style({
  ...pillButton,
  ":hover": { borderColor: vars.color.brand },
  "::before": {
    content: '""',
    width: "1.1em",
    height: "1.1em",
    flexShrink: 0,
    backgroundColor: vars.color.text,
    WebkitMask: HEART_MASK,
    mask: HEART_MASK,
  },
  selectors: {
    '&[data-resonated="true"]': { borderColor: vars.color.gold, cursor: "default" },
    '&[data-resonated="true"]::before': { backgroundColor: vars.color.heart },
    '&[aria-busy="true"]': { cursor: "progress" },
  },
  "@media": {
    // Forced colours would paint the mask's background as the page's own, hiding the heart.
    "(forced-colors: active)": { selectors: { "&::before": { forcedColorAdjust: "none", backgroundColor: "CanvasText" } } },
  },
});

export const resonateCount = style({ fontWeight: 700, fontVariantNumeric: "tabular-nums" });

export const share = style({ position: "relative" });

export const shareToggle = style({
  ...pillButton,
  listStyle: "none",
  userSelect: "none",
  ":hover": { borderColor: vars.color.brand },
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});

export const shareList = style({
  position: "absolute",
  insetInlineEnd: 0,
  bottom: "calc(100% + 0.375rem)",
  zIndex: 10,
  display: "flex",
  flexDirection: "column",
  minWidth: "11rem",
  margin: 0,
  padding: vars.space.xs,
  listStyle: "none",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.card,
  selectors: { '&[data-placement="below"]': { bottom: "auto", top: "calc(100% + 0.375rem)" } },
  "@media": {
    // On a phone the menu is a sheet along the bottom of the screen: always inside it, never under the header.
    "screen and (max-width: 599px)": {
      position: "fixed",
      insetInline: 0,
      top: "auto",
      bottom: 0,
      zIndex: 40,
      minWidth: 0,
      padding: `${vars.space.sm} ${vars.space.md} calc(${vars.space.md} + env(safe-area-inset-bottom, 0px))`,
      borderRadius: `${vars.radius.md} ${vars.radius.md} 0 0`,
    },
  },
});

export const shareItem = style({
  display: "block",
  width: "100%",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: "none",
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.text,
  font: "inherit",
  textAlign: "start",
  textDecoration: "none",
  cursor: "pointer",
  ":hover": { background: vars.color.border, color: vars.color.text },
});

export const shareNote = style({
  maxWidth: "16rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: "0.875rem",
});

export const empty = style({
  padding: vars.space.xl,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.border}`,
  textAlign: "center",
  color: vars.color.textMuted,
});

export const emptyTitle = style({ margin: 0, color: vars.color.text, fontSize: "1.25rem" });

export const pagination = style({ marginTop: vars.space.lg });

export const pageList = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  alignItems: "center",
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const pageLink = style({
  display: "inline-grid",
  placeItems: "center",
  minWidth: "2.75rem",
  minHeight: "2.75rem",
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  ":hover": { borderColor: vars.color.brand, color: vars.color.text },
  selectors: {
    '&[aria-current="page"]': {
      background: vars.color.brand,
      borderColor: vars.color.brand,
      color: vars.color.brandInk,
      fontWeight: 700,
    },
  },
});

export const pageEdge = style({ display: "inline-grid", placeItems: "center", minHeight: "2.75rem", paddingInline: vars.space.sm, color: vars.color.textMuted });

export const pageGap = style({ paddingInline: vars.space.xs, color: vars.color.textMuted });
