import { globalStyle } from "@vanilla-extract/css";
import { breakpoints, vars } from "./theme.css";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });

globalStyle("html", {
  colorScheme: "dark",
  scrollBehavior: "smooth",
  "@media": { [breakpoints.reducedMotion]: { scrollBehavior: "auto" } },
});

globalStyle("body", {
  margin: 0,
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
  background: `radial-gradient(ellipse at top, #16213f 0%, ${vars.color.background} 60%) fixed`,
  color: vars.color.text,
  fontFamily: vars.font.body,
  lineHeight: 1.6,
  WebkitFontSmoothing: "antialiased",
});

globalStyle("a", { color: vars.color.brandStrong });
globalStyle("a:hover", { color: vars.color.text });

globalStyle(":focus-visible", { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });

globalStyle("h1, h2, h3", { fontFamily: vars.font.display, lineHeight: 1.25, fontWeight: 600 });

globalStyle("img, svg", { maxWidth: "100%" });

globalStyle("*, *::before, *::after", {
  "@media": {
    [breakpoints.reducedMotion]: {
      animationDuration: "0.01ms !important",
      animationIterationCount: "1 !important",
      transitionDuration: "0.01ms !important",
    },
  },
});
