import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const ocean = "#0e2a47";

/** The map's box: the same size before and after the map loads, so nothing below it moves. */
export const frame = style({
  position: "relative",
  // Leaflet's panes and controls sit at z-index 400–1000; kept inside this box, they never paint over the sticky
  // header, the drawer, the help button or the ring overlay.
  isolation: "isolate",
  height: "clamp(20rem, 60vh, 36rem)",
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  overflow: "hidden",
  background: ocean,
  boxShadow: vars.shadow.card,
});

/** Hidden until focused, then over the map's top-left corner (above Leaflet's controls, inside the map's own layer). */
export const skipMap = style({
  position: "absolute",
  top: vars.space.sm,
  left: vars.space.sm,
  zIndex: 1100,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: vars.color.gold,
  color: vars.color.brandInk,
  fontWeight: 600,
  transform: "translateY(-300%)",
  selectors: { "&:focus": { transform: "none", color: vars.color.brandInk } },
});

export const afterMap = style({ display: "block", outline: "none" });

export const placeholder = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  height: "100%",
  margin: 0,
  padding: vars.space.lg,
  color: vars.color.textMuted,
  textAlign: "center",
});

export const canvas = style({ width: "100%", height: "100%", fontFamily: vars.font.body });

// Outranks leaflet.css's grey `.leaflet-container` background, which arrives later in the page.
globalStyle(`${canvas}.leaflet-container`, { background: ocean });

/**
 * Without tiles (MAP_TILE_URL=off, or a tile service that cannot be reached) the shapes are the whole map: a sea with
 * a soft light where the map centres and coastlines a shade brighter, so it reads as a designed map, not a missing one.
 */
globalStyle(`${canvas}.leaflet-container[data-tiles="off"]`, {
  background: `radial-gradient(ellipse 80% 70% at 50% 42%, #15406b 0%, ${ocean} 62%, #0a1f36 100%)`,
});
globalStyle(`${canvas}[data-tiles="off"] .leaflet-countries-pane path`, { stroke: "#6a86bb" });

/** The global `svg { max-width: 100% }` would squeeze the shapes pane's renderer, which is wider than the map. */
globalStyle(`${canvas} .leaflet-countries-pane svg`, { maxWidth: "none" });

/**
 * Leaflet hides a popup for a moment while it lays it out. Under the site's reduced-motion rule every element
 * transitions `all` properties for 0.01 ms, so the popup's content would stay hidden for a frame and refuse the focus
 * it is given on opening from the keyboard; only the popup's own fade is a transition worth keeping.
 */
globalStyle(`${canvas} .leaflet-popup *`, { transitionProperty: "none" });

export const countryShape = style({
  fill: "#27406b",
  fillOpacity: 1,
  stroke: "#4a6396",
  strokeWidth: 0.6,
});

/** A country's marker: Leaflet sizes the element (markerSize in world-map.client) and centres it on the country. */
export const countryMarker = style({ cursor: "pointer" });

/** docs/product.md#pages's circle, its colour and radius set per country; filled at 60% like Leaflet's circle markers were. */
export const circle = style({
  position: "absolute",
  left: "50%",
  top: "50%",
  transform: "translate(-50%, -50%)",
  borderRadius: "50%",
  border: "2px solid var(--marker-colour)",
  background: "color-mix(in srgb, var(--marker-colour) 60%, transparent)",
});

/** The country (or the cluster) holding the visitor's own latest wish: a gold ring around it. */
export const yours = style({ borderRadius: "50%", boxShadow: `0 0 0 3px ${vars.color.brandInk}, 0 0 0 6px ${vars.color.gold}` });

/** A cluster of neighbouring countries: a ringed disc in the colour that matters most among them, its count on top. */
export const cluster = style({ cursor: "pointer", borderRadius: "50%" });
export const clusterDisc = style({
  position: "absolute",
  inset: 0,
  borderRadius: "50%",
  border: "3px solid var(--marker-colour)",
  background: "color-mix(in srgb, var(--marker-colour) 45%, transparent)",
  boxShadow: "0 0 0 4px color-mix(in srgb, var(--marker-colour) 25%, transparent)",
});

/** The count badge, centred on its circle or cluster; 24 px tall with its border (BADGE in world-map.client). */
export const badge = style({
  position: "absolute",
  left: "50%",
  top: "50%",
  transform: "translate(-50%, -50%)",
  minWidth: 24,
  height: 24,
  paddingInline: 5,
  boxSizing: "border-box",
  borderRadius: vars.radius.pill,
  border: "1px solid #ffffff",
  background: vars.color.brandInk,
  color: "#ffffff",
  font: `700 0.75rem/22px ${vars.font.body}`,
  textAlign: "center",
  whiteSpace: "nowrap",
});

// As narrow as a 360 px phone's map allows beside the zoom buttons; the site's dark theme, not Leaflet's white.
export const popup = style({ minWidth: "min(14rem, calc(100vw - 10rem))", maxWidth: "min(18rem, calc(100vw - 10rem))", color: vars.color.text, font: `0.875rem/1.45 ${vars.font.body}` });

globalStyle(`${canvas}.leaflet-container .leaflet-popup-content-wrapper, ${canvas}.leaflet-container .leaflet-popup-tip`, {
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
});
globalStyle(`${canvas}.leaflet-container .leaflet-popup-close-button`, { color: vars.color.textMuted });
globalStyle(`${canvas}.leaflet-container .leaflet-bar a`, { background: vars.color.surfaceRaised, color: vars.color.text, borderBottomColor: vars.color.border });
globalStyle(`${canvas}.leaflet-container .leaflet-bar`, { border: `1px solid ${vars.color.border}` });
// Opaque, so its contrast holds over any tile (and is measurable where tiles do not load). These overrides carry
// `.leaflet-container` too: leaflet.css comes with the map's chunk and lands before or after the site's stylesheet,
// and at equal specificity its white attribution box won whenever it came last (light text on white, caught by axe).
globalStyle(`${canvas}.leaflet-container .leaflet-control-attribution`, { background: vars.color.background, color: vars.color.textMuted });
globalStyle(`${canvas}.leaflet-container .leaflet-control-attribution a`, { color: vars.color.brandStrong });

export const popupTitle = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.sm}`,
  fontSize: "1rem",
  outline: "none",
});

export const flagImage = style({ width: "1.5rem", height: "1rem", objectFit: "cover", borderRadius: 2, flexShrink: 0 });
export const flagEmoji = style({ fontSize: "1.25rem", lineHeight: 1 });

export const popupList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  maxHeight: "14rem",
  overflowY: "auto",
});

export const popupWish = style({
  paddingBlock: vars.space.xs,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { "&:first-child": { borderTop: "none" } },
});

export const popupWishText = style({ margin: 0, overflowWrap: "anywhere" });
export const popupMeta = style({ margin: 0, color: vars.color.textMuted, fontSize: "0.75rem" });

export const popupSummary = style({ margin: `${vars.space.sm} 0 0`, color: vars.color.textMuted });

globalStyle(`${popup} a`, { color: vars.color.brandStrong, fontWeight: 600 });

export const popupRetry = style({
  marginTop: vars.space.xs,
  padding: "0.25rem 0.75rem",
  border: `1px solid ${vars.color.brand}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.brandStrong,
  font: "inherit",
  cursor: "pointer",
});
