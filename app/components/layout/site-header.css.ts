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

/**
 * As wide as the page's content column, and a little wider from 1440 px up, where the brand, the seven links, the language and the
 * five social icons (~1170 px) share one row. The drawer wraps onto a row of its own below; the first row's height comes from the brand alone, so
 * opening the drawer does not move the row it was opened from.
 */
export const bar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  alignContent: "flex-start",
  columnGap: vars.space.md,
  width: "100%",
  maxWidth: vars.content.width,
  "@media": {
    "screen and (min-width: 1440px)": { maxWidth: "88rem" },
    // Brand, language and Menu share one row down to 320 px.
    "screen and (max-width: 420px)": { columnGap: vars.space.sm },
  },
  marginInline: "auto",
  paddingInline: vars.space.md,
});

export const brand = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  color: vars.color.text,
  textDecoration: "none",
  fontFamily: vars.font.display,
  fontSize: "1.25rem",
  fontWeight: 600,
  minHeight: "4rem",
});

/** The logo: the site's own drawn bell, not the 🔔 emoji (an empty box where no emoji font is installed). */
export const mark = style({ width: "1.5rem", height: "1.7rem", flexShrink: 0 });
