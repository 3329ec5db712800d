import { createVar, keyframes, style, styleVariants } from "@vanilla-extract/css";
import type { CreditTone } from "~/domain/credits";
import { ANIMATION_MS, ORBITING_PARTICLES_MAX } from "~/domain/limits";
import { card as cardSurface } from "~/styles/layout.css";
import { breakpoints, vars } from "~/styles/theme.css";
import { moment, momentPanel } from "~/styles/moment.css";

const noMotion = { [breakpoints.reducedMotion]: { animation: "none" } };

export const card = style([
  cardSurface,
  { display: "flex", flexDirection: "column", alignItems: "center", gap: vars.space.md, textAlign: "center" },
]);

export const title = style({ margin: 0, fontSize: "1.75rem", color: vars.color.text });

const STAGE_SIZE = 184;
const ORBIT_RADIUS = 80;

export const stage = style({
  position: "relative",
  width: STAGE_SIZE,
  height: STAGE_SIZE,
  display: "grid",
  placeItems: "center",
});

const swing = keyframes({
  "0%": { transform: "rotate(0deg)", filter: "drop-shadow(0 0 0 rgba(255, 213, 79, 0))" },
  "8%": { transform: "rotate(18deg)", filter: "drop-shadow(0 0 22px rgba(255, 213, 79, 0.95))" },
  "20%": { transform: "rotate(-14deg)" },
  "34%": { transform: "rotate(10deg)", filter: "drop-shadow(0 0 18px rgba(255, 213, 79, 0.8))" },
  "50%": { transform: "rotate(-7deg)" },
  "66%": { transform: "rotate(4deg)", filter: "drop-shadow(0 0 12px rgba(255, 213, 79, 0.55))" },
  "82%": { transform: "rotate(-2deg)" },
  "100%": { transform: "rotate(0deg)", filter: "drop-shadow(0 0 0 rgba(255, 213, 79, 0))" },
});

export const bell = style({
  width: 104,
  height: "auto",
  transformOrigin: "50% 6%",
  filter: "drop-shadow(0 6px 14px rgba(0, 0, 0, 0.45))",
});

export const bellSwinging = style({
  animation: `${swing} ${ANIMATION_MS.ring}ms ease-out both`,
  "@media": noMotion,
});

const glowScale = keyframes({
  "0%": { transform: "scale(1)", filter: "drop-shadow(0 0 0 rgba(255, 213, 79, 0))" },
  "35%": { transform: "scale(1.15)", filter: "drop-shadow(0 0 26px rgba(255, 213, 79, 0.95))" },
  "100%": { transform: "scale(1)", filter: "drop-shadow(0 0 0 rgba(255, 213, 79, 0))" },
});

/** A wish's star has landed: the bell glows and grows a little, then settles. */
export const bellGlowing = style({
  transformOrigin: "50% 50%",
  animation: `${glowScale} ${ANIMATION_MS.bellGlow}ms ease-out both`,
  "@media": noMotion,
});

const angle = createVar();
const orbit = keyframes({
  from: { transform: `rotate(${angle}) translateX(${ORBIT_RADIUS}px)` },
  to: { transform: `rotate(calc(${angle} + 360deg)) translateX(${ORBIT_RADIUS}px)` },
});

export const particle = style({
  position: "absolute",
  top: "50%",
  left: "50%",
  width: 8,
  height: 8,
  margin: -4,
  borderRadius: "50%",
  background: vars.color.brandStrong,
  boxShadow: `0 0 10px 2px ${vars.color.brand}`,
  transform: `rotate(${angle}) translateX(${ORBIT_RADIUS}px)`,
  animation: `${orbit} 14s linear infinite`,
  "@media": noMotion,
});

/** One fixed angle per particle, so they start evenly spread and stay in place when motion is reduced. */
export const particleAngle = Array.from({ length: ORBITING_PARTICLES_MAX }, (_, index) =>
  style({ vars: { [angle]: `${(index * 360) / ORBITING_PARTICLES_MAX}deg` } }),
);

export const status = style({ margin: 0, color: vars.color.textMuted, fontSize: "1.05rem" });

export const button = style({
  minWidth: "14rem",
  minHeight: "3rem",
  padding: `${vars.space.sm} ${vars.space.lg}`,
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brand,
  color: vars.color.brandInk,
  font: "inherit",
  fontSize: "1.1rem",
  fontWeight: 700,
  cursor: "pointer",
  transition: `background ${vars.motion.fast}, transform ${vars.motion.fast}`,
  selectors: {
    "&:hover:not([aria-disabled='true'])": { background: vars.color.brandStrong, transform: "translateY(-1px)" },
    "&[aria-disabled='true']": {
      background: vars.color.surfaceRaised,
      borderColor: vars.color.border,
      color: vars.color.textMuted,
      cursor: "not-allowed",
    },
  },
});

export const batchNote = style({ margin: 0, fontSize: "0.95rem", color: vars.color.textMuted, maxWidth: "28rem" });

const bannerBase = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  fontSize: "0.95rem",
  fontWeight: 600,
});

export const banner: Record<CreditTone, string> = styleVariants({
  error: [bannerBase, { background: vars.color.dangerStrong, color: "#ffffff" }],
  warning: [bannerBase, { background: vars.color.warning, color: "#1f1a0a" }],
  normal: [bannerBase, { background: vars.color.surfaceRaised, color: vars.color.success, border: `1px solid ${vars.color.border}` }],
});

/** The whole screen while a ring travels (docs/product.md#your-ring), with its own swinging bell in the middle. */
export const overlay = moment;
export const overlayPanel = momentPanel;

const fadeIn = keyframes({ from: { opacity: 0, transform: "translateY(8px)" }, to: { opacity: 1, transform: "none" } });

export const panel = style({
  width: "100%",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.card,
  textAlign: "center",
  pointerEvents: "auto",
  animation: `${fadeIn} ${vars.motion.normal} ease-out`,
  "@media": noMotion,
});

export const panelStep = style({
  margin: 0,
  fontSize: "0.85rem",
  fontWeight: 700,
  letterSpacing: "0.08em",
  textTransform: "uppercase",
  color: vars.color.gold,
});

export const panelMessage = style({ margin: `${vars.space.sm} 0`, fontSize: "1.15rem", color: vars.color.text });

export const panelNote = style({ margin: 0, color: vars.color.textMuted, fontStyle: "italic" });

export const progress = style({
  appearance: "none",
  width: "100%",
  // A thin line: the bell is the picture, the bar only says how far along it is.
  height: 4,
  margin: `${vars.space.sm} 0`,
  border: 0,
  borderRadius: vars.radius.pill,
  overflow: "hidden",
  background: vars.color.surface,
  color: vars.color.brand,
  selectors: {
    "&::-webkit-progress-bar": { background: vars.color.surface, borderRadius: vars.radius.pill },
    "&::-webkit-progress-value": {
      background: `linear-gradient(90deg, ${vars.color.brand}, ${vars.color.gold})`,
      borderRadius: vars.radius.pill,
      transition: `width ${vars.motion.normal} ease-out`,
    },
    "&::-moz-progress-bar": { background: `linear-gradient(90deg, ${vars.color.brand}, ${vars.color.gold})` },
  },
});

/** Whose wishes the next ring takes, read before the press. */
export const preview = style({ margin: 0, fontSize: "1rem", fontWeight: 600, color: vars.color.text, maxWidth: "28rem" });
