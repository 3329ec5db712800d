import { globalStyle, keyframes, style, styleVariants } from "@vanilla-extract/css";
import { THEME_COLOURS, type Theme } from "~/domain/theme";
import { breakpoints, vars } from "~/styles/theme.css";

export const page = style({ display: "flex", flexDirection: "column", gap: vars.space.xl });

/**
 * The ring's first screen (docs/product.md#your-ring): the verse, its share button, who you rang with and the
 * constellation, and the wishes straight after them rather than a screen further down (ADR 0097).
 */
export const hero = style({
  textAlign: "center",
  display: "flex",
  flexDirection: "column",
  justifyContent: "center",
  paddingBlock: `${vars.space.lg} ${vars.space.md}`,
});

export const eyebrow = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: "0.95rem",
  letterSpacing: "0.04em",
});

/** The date and time stay on one line: a day never parts from its month. */
export const eyebrowDate = style({ whiteSpace: "nowrap" });

export const poem = style({
  margin: `${vars.space.md} auto`,
  maxWidth: "40rem",
  fontSize: "clamp(1.9rem, 4.5vw, 3rem)",
  fontStyle: "italic",
  color: vars.color.gold,
  // Chinese, Arabic and Devanagari have no italic: the browser would slant the glyphs (synthetic italics). Upright,
  // a touch bolder instead (docs/product.md#your-ring).
  selectors: { "&:is(:lang(zh), :lang(ar), :lang(hi))": { fontStyle: "normal", fontWeight: 700 } },
});

export const constellation = style({ display: "block", width: "min(100%, 22rem)", height: "auto", margin: `${vars.space.sm} auto 0` });
export const constellationLink = style({ stroke: vars.color.brand, strokeOpacity: 0.55, strokeWidth: 1.5 });
/**
 * A measured bit's colour, one for a 1 (hope) and one for a 0 (peace): the bit tiles and the stars of the constellation
 * share them, the visitor's own star too (ADR 0097). `color` is set, so a halo can draw with `currentColor`.
 */
const BIT_COLOUR = { one: vars.color.gold, zero: vars.color.brandStrong } as const;
export const starOne = style({ color: BIT_COLOUR.one, fill: BIT_COLOUR.one, filter: "drop-shadow(0 0 6px rgba(255, 213, 79, 0.9))" });
export const starZero = style({ color: BIT_COLOUR.zero, fill: BIT_COLOUR.zero, filter: "drop-shadow(0 0 4px rgba(144, 202, 249, 0.7))" });
export const starUnknown = style({ color: vars.color.textMuted, fill: vars.color.textMuted, opacity: 0.6 });

/** Each line names a wish's writer, whose name can be one long string: it wraps rather than widen the page. */
export const readings = style({ display: "grid", gap: vars.space.xs, margin: `${vars.space.md} 0 0`, padding: 0, listStyle: "none", overflowWrap: "anywhere" });

// minmax(0, 1fr): the wide drawings scroll in their own boxes instead of widening the page.
export const physics = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: vars.space.xl });
export const physicsSummary = style({
  cursor: "pointer",
  gap: vars.space.sm,
  listStyle: "none",
  fontFamily: vars.font.display,
  fontSize: "1.35rem",
  fontWeight: 600,
  minHeight: "2.75rem",
  display: "flex",
  alignItems: "center",
});

export const heroNote = style({ margin: `0 auto`, maxWidth: "36rem", color: vars.color.textMuted, fontSize: "1.05rem" });

const pulse = keyframes({ "0%, 100%": { opacity: 0.35, transform: "scale(0.8)" }, "50%": { opacity: 1, transform: "scale(1)" } });

export const listening = style({ display: "inline-flex", gap: vars.space.sm, marginTop: vars.space.md });

export const listeningDot = style({
  width: 12,
  height: 12,
  borderRadius: "50%",
  background: vars.color.brand,
  animation: `${pulse} 1.4s ease-in-out infinite`,
  selectors: {
    "&:nth-child(2)": { animationDelay: "0.2s" },
    "&:nth-child(3)": { animationDelay: "0.4s" },
  },
  "@media": { [breakpoints.reducedMotion]: { animation: "none", opacity: 0.8 } },
});

export const warning = style({
  margin: `${vars.space.md} auto 0`,
  maxWidth: "36rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.warning,
  color: "#1f1a0a",
  fontWeight: 600,
});

export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const sectionTitle = style({ margin: 0, fontSize: "1.5rem" });

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const facts = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  padding: 0,
  listStyle: "none",
  color: vars.color.textMuted,
});

/** Up to five bits on one row even at 360 px: a bit string split over two lines no longer reads as one. */
export const bits = style({
  display: "flex",
  justifyContent: "center",
  gap: "clamp(0.375rem, 2vw, 1rem)",
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const bit = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  flex: "0 1 5.5rem",
  minWidth: 0,
  padding: `${vars.space.sm} ${vars.space.xs}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
});

export const bitValue = style({
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  fontSize: "2.25rem",
  fontWeight: 700,
  lineHeight: 1.1,
  color: BIT_COLOUR.one,
  order: -1,
});

export const bitValueZero = style({ color: BIT_COLOUR.zero });

export const bitLabel = style({ fontSize: "0.9rem", color: vars.color.text, textAlign: "center" });

export const bitName = style({ fontSize: "0.8rem", color: vars.color.textMuted, textAlign: "center", overflowWrap: "anywhere" });

export const wishList = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(16rem, 1fr))",
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const wishCard = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  height: "100%",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
});

export const wishHeader = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm });

export const wishNumber = style({ fontWeight: 700, color: vars.color.brandStrong });

const chipBase = style({
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: "0.8rem",
  fontWeight: 700,
});

export const themeChip = styleVariants(THEME_COLOURS, (colour) => [chipBase, { background: colour.background, color: colour.text }]) as Record<
  Theme,
  string
>;

export const wishText = style({ margin: 0, fontSize: "1.05rem", overflowWrap: "anywhere" });

/** A name or place can be one long unbroken string: it wraps inside the card rather than widen the page. */
export const wishMeta = style({ margin: 0, marginTop: "auto", color: vars.color.textMuted, fontSize: "0.9rem", overflowWrap: "anywhere" });

export const figure = style({ margin: 0 });

/**
 * Wide drawings scroll sideways on narrow screens instead of shrinking their labels out of legibility. The edge that
 * hides more drawing darkens (shadows fixed to the box, covers that scroll with the content and hide them at either
 * end), so a cut drawing says it goes on.
 */
export const scroller = style({
  overflowX: "auto",
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.background,
  backgroundImage: [
    `linear-gradient(to right, ${vars.color.background} 30%, transparent)`,
    `linear-gradient(to left, ${vars.color.background} 30%, transparent)`,
    "radial-gradient(farthest-side at 0 50%, rgba(125, 180, 255, 0.35), transparent)",
    "radial-gradient(farthest-side at 100% 50%, rgba(125, 180, 255, 0.35), transparent)",
  ].join(", "),
  backgroundPosition: "left center, right center, left center, right center",
  backgroundRepeat: "no-repeat",
  backgroundSize: "3rem 100%, 3rem 100%, 1.25rem 100%, 1.25rem 100%",
  backgroundAttachment: "local, local, scroll, scroll",
});

export const scrollHint = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted, fontSize: "0.9rem" });

export const circuitSvg = style({ display: "block", height: "auto", minWidth: 520, marginInline: "auto" });

// Drawn near its own size on phones (the viewBox is 340 wide), so its 13 px labels stay about 13 px.
export const histogramSvg = style({ display: "block", width: "100%", height: "auto", minWidth: 300, maxWidth: 520, marginInline: "auto" });

export const caption = style({ marginTop: vars.space.sm, color: vars.color.textMuted, fontSize: "0.95rem" });

const svgText = { fontFamily: vars.font.body, fontSize: 13 } as const;

export const wire = style({ stroke: vars.color.textMuted, strokeWidth: 1.5 });
export const wireLabel = style({ ...svgText, fill: vars.color.text, fontWeight: 600 });
export const gateBox = style({ fill: vars.color.surfaceRaised, stroke: vars.color.brand, strokeWidth: 1.5 });
export const gateText = style({ ...svgText, fill: vars.color.text, fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" });
export const cxLine = style({ stroke: vars.color.brandStrong, strokeWidth: 2 });
export const cxControl = style({ fill: vars.color.brandStrong });
export const cxTarget = style({ fill: vars.color.background, stroke: vars.color.brandStrong, strokeWidth: 2 });
export const meterBox = style({ fill: vars.color.surfaceRaised, stroke: vars.color.gold, strokeWidth: 1.5 });
export const meterMark = style({ fill: "none", stroke: vars.color.gold, strokeWidth: 1.5 });

export const axis = style({ stroke: vars.color.textMuted, strokeWidth: 1 });
export const gridLine = style({ stroke: vars.color.border, strokeWidth: 1 });
export const axisText = style({ ...svgText, fill: vars.color.textMuted });
export const axisTitle = style({ ...svgText, fill: vars.color.text, fontWeight: 600 });
export const barLabel = style({ ...svgText, fill: vars.color.text, fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" });
export const bar = style({ fill: vars.color.brand });
export const barChosen = style({ fill: vars.color.gold });
export const barOther = style({ fill: vars.color.textMuted });
export const barCount = style({ ...svgText, fill: vars.color.text });

export const legend = style({ display: "flex", gap: vars.space.sm, alignItems: "center", margin: 0, color: vars.color.textMuted, fontSize: "0.95rem" });
export const legendSwatch = style({ display: "inline-block", width: 14, height: 14, borderRadius: 3, background: vars.color.gold });

export const shareRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const shareButton = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "2.75rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  font: "inherit",
  fontWeight: 600,
  textDecoration: "none",
  cursor: "pointer",
  selectors: { "&:hover": { borderColor: vars.color.brand, color: vars.color.text } },
});

export const primaryLink = style([
  shareButton,
  { background: vars.color.brand, borderColor: vars.color.brand, color: vars.color.brandInk, selectors: { "&:hover": { color: vars.color.brandInk, background: vars.color.brandStrong } } },
]);

export const primaryShareButton = primaryLink;

/** The share control beside the poem, centred under it; without a share sheet, a menu that opens under its button. */
export const shareNow = style({ display: "flex", justifyContent: "center", marginBottom: vars.space.md });
export const shareMenu = style({ display: "flex", flexDirection: "column", alignItems: "center" });
export const shareMenuSummary = style({ cursor: "pointer", listStyle: "none", width: "fit-content", marginInline: "auto" });
export const shareMenuItems = style({ display: "flex", flexWrap: "wrap", justifyContent: "center", gap: vars.space.sm, marginTop: vars.space.sm });

export const footerRow = style({ display: "flex", justifyContent: "center" });

export const subTitle = style({ margin: 0, fontSize: "1.2rem" });

export const nativeRun = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, minWidth: 0 });

export const assignments = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  color: vars.color.textMuted,
  fontVariantNumeric: "tabular-nums",
});

export const programDetails = style({ minWidth: 0 });

/** At least 24 px tall, as every target on the site. */
export const programSummary = style({
  display: "list-item",
  minHeight: "1.5rem",
  paddingBlock: vars.space.xs,
  color: vars.color.brandStrong,
  fontWeight: 600,
  cursor: "pointer",
});

/** The program keeps its lines: a long one scrolls inside this box, and a long program scrolls down within it too. */
export const program = style({
  margin: `${vars.space.sm} 0 0`,
  maxWidth: "100%",
  maxHeight: "24rem",
  overflow: "auto",
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  fontSize: "0.9rem",
  lineHeight: 1.5,
  whiteSpace: "pre",
});

export const orderNote = style({ margin: 0, color: vars.color.textMuted, fontSize: "0.95rem", textAlign: "center" });

/** The visitor's own wish: its star lit with a halo, its card edged in gold (docs/product.md#your-ring). */
export const starYours = style({ filter: "drop-shadow(0 0 10px currentColor)" });
export const starHalo = style({ stroke: "currentColor", strokeWidth: 2, strokeOpacity: 0.85, selectors: { "&&": { fill: "none" } } });
export const yourWishCard = style({ borderColor: vars.color.gold, boxShadow: `0 0 0 1px ${vars.color.gold}` });
export const yoursChip = style([chipBase, { background: vars.color.gold, color: vars.color.brandInk }]);
export const yourLine = style({ margin: `0 auto`, maxWidth: "36rem", color: vars.color.text, fontSize: "1.1rem", fontWeight: 600 });
export const sharedContext = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.sm,
  marginTop: vars.space.md,
});

/** "See the physics" shows that it opens (docs/product.md#your-ring): a chevron that turns when it is open, pointing the reading way. */
globalStyle(`${physicsSummary}::-webkit-details-marker`, { display: "none" });
globalStyle(`${physicsSummary}::before`, {
  content: '"▸"',
  display: "inline-block",
  color: vars.color.brandStrong,
  transition: `transform ${vars.motion.fast}`,
});
globalStyle(`${physicsSummary}:dir(rtl)::before`, { content: '"◂"' });
globalStyle(`details[open] > ${physicsSummary}::before`, { transform: "rotate(90deg)" });
globalStyle(`details[open] > ${physicsSummary}:dir(rtl)::before`, { transform: "rotate(-90deg)" });
globalStyle(`${shareMenuSummary}::-webkit-details-marker`, { display: "none" });

/**
 * The lines a ring's verse goes on with after its first (ADR 0091): part of the heading, on lines of their own, smaller
 * and upright, so the first line stays the poem's and the heading fits a phone's first screen.
 */
export const verseLine = style({
  display: "block",
  marginTop: vars.space.sm,
  fontSize: "0.55em",
  fontStyle: "normal",
  fontWeight: 400,
  lineHeight: 1.4,
});
