import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// Fixed along the bottom edge, above the help button: always in view, never over the header's menu.
const banner = style({
  position: "fixed",
  insetInline: 0,
  bottom: 0,
  zIndex: 60,
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: "center",
  fontWeight: 600,
  boxShadow: vars.shadow.card,
});

const tones = styleVariants({
  unreachable: { background: "#b71c1c", color: "#ffffff" },
  unhealthy: { background: "#ffb74d", color: "#1a1300" },
});

export const unreachable = `${banner} ${tones.unreachable}`;
export const unhealthy = `${banner} ${tones.unhealthy}`;
