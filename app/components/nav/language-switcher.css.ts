import { style } from "@vanilla-extract/css";
import { visuallyHiddenRules } from "~/styles/recipes";
import { breakpoints, vars } from "~/styles/theme.css";

export const switcher = style({
  position: "relative",
  marginInlineStart: vars.space.sm,
  "@media": { [breakpoints.drawer]: { marginInlineStart: "auto" } },
});

export const summary = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "2.5rem",
  minWidth: "2.75rem",
  justifyContent: "center",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
  listStyle: "none",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});

/** On a phone the globe alone; the language's name from tablet widths up. */
export const current = style({ "@media": { "screen and (max-width: 600px)": visuallyHiddenRules } });

export const hidden = style(visuallyHiddenRules);

export const menu = style({
  position: "absolute",
  insetInlineEnd: 0,
  top: "calc(100% + 0.25rem)",
  zIndex: 20,
  minWidth: "10rem",
  margin: 0,
  padding: vars.space.xs,
  listStyle: "none",
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: "0 8px 24px rgba(0, 0, 0, 0.4)",
});

export const option = style({
  display: "block",
  minHeight: "2.5rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    "&:hover, &:focus-visible": { background: vars.color.surface },
    '&[aria-current="true"]': { fontWeight: 700, textDecoration: "underline", textUnderlineOffset: "0.25em" },
  },
});

export const drawerLanguages = style({ marginBlockStart: vars.space.md });

export const drawerList = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, margin: 0, padding: 0, listStyle: "none" });
