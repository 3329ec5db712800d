import { visuallyHiddenRules } from "~/styles/recipes";
import { keyframes, style } from "@vanilla-extract/css";
import { breakpoints, vars } from "~/styles/theme.css";

export const skipLinks = style({ position: "fixed", top: 0, insetInlineStart: 0, zIndex: 100 });

export const skipLink = style({
  position: "absolute",
  top: vars.space.sm,
  insetInlineStart: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: vars.color.gold,
  color: vars.color.brandInk,
  fontWeight: 600,
  whiteSpace: "nowrap",
  transform: "translateY(-200%)",
  selectors: { "&:focus": { transform: "none", color: vars.color.brandInk } },
});

export const desktopNav = style({
  marginInlineStart: "auto",
  "@media": { [breakpoints.drawer]: { display: "none" } },
});

export const navList = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, listStyle: "none", margin: 0, padding: 0 });

const linkBase = {
  display: "inline-block",
  color: vars.color.textMuted,
  textDecoration: "none",
  borderRadius: vars.radius.sm,
  fontSize: "0.95rem",
} as const;

export const navLink = style({
  ...linkBase,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  selectors: {
    "&:hover": { color: vars.color.text, background: vars.color.surfaceRaised },
    "&[aria-current='page']": { color: vars.color.brandStrong, boxShadow: `inset 0 -2px 0 ${vars.color.brand}` },
  },
});

export const menuButton = style({
  display: "none",
  marginInlineStart: "auto",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  textDecoration: "none",
  cursor: "pointer",
  "@media": {
    // Beside the language switcher, which takes the row's free space before it.
    [breakpoints.drawer]: { display: "inline-flex", marginInlineStart: 0 },
    "screen and (max-width: 420px)": { paddingInline: vars.space.sm },
  },
});

export const drawer = style({
  display: "none",
  flexBasis: "100%",
  borderTop: `1px solid ${vars.color.border}`,
  paddingBlock: vars.space.md,
  "@media": { [breakpoints.drawer]: { display: "block" } },
  selectors: { "&[hidden]": { display: "none" } },
});

/** Without JavaScript the drawer opens as the URL's `:target` (the menu link points at it). */
export const drawerWithoutScript = style({
  selectors: { "&:not(:target)": { display: "none" } },
});

export const drawerClose = style({
  ...linkBase,
  display: "inline-block",
  marginBlockStart: vars.space.sm,
  padding: vars.space.sm,
});

export const drawerList = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(14rem, 1fr))",
  gap: vars.space.xs,
  listStyle: "none",
  margin: 0,
  padding: 0,
});

export const drawerLink = style({
  ...linkBase,
  display: "block",
  padding: vars.space.sm,
  fontSize: "1.05rem",
  selectors: {
    "&:hover": { color: vars.color.text, background: vars.color.surfaceRaised },
    "&[aria-current='page']": { color: vars.color.brandStrong },
  },
});

export const social = style({ display: "flex", gap: vars.space.xs, listStyle: "none", margin: 0, padding: 0 });

export const socialLink = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 40,
  height: 40,
  borderRadius: vars.radius.pill,
  color: vars.color.textMuted,
  selectors: { "&:hover": { color: vars.color.text, background: vars.color.surfaceRaised } },
});

// Beside seven links the icons fit only on wide screens; the drawer and the footer carry them otherwise.
/** Under 360 px the brand, the language and the menu keep one row: the word "Menu" is then read, not shown. */
export const menuLabel = style({ "@media": { "screen and (max-width: 359px)": visuallyHiddenRules } });

export const headerSocial = style({ "@media": { "screen and (max-width: 1439px)": { display: "none" } } });

const sweep = keyframes({ from: { transform: "translateX(-100%)" }, to: { transform: "translateX(250%)" } });

export const loadingBar = style({
  position: "absolute",
  insetInline: 0,
  bottom: -1,
  height: 3,
  overflow: "hidden",
  opacity: 0,
  transition: `opacity ${vars.motion.normal}`,
  selectors: {
    "&[data-active='true']": { opacity: 1, transitionDelay: "150ms" },
    "&::after": {
      content: "''",
      position: "absolute",
      inset: 0,
      width: "40%",
      background: vars.color.brand,
      animation: `${sweep} 1.1s ease-in-out infinite`,
    },
  },
});

