import { initWasm, Resvg } from "@resvg/resvg-wasm";
import satori, { init as initSatori } from "satori/standalone";
import { engineStarter } from "./engines.server";
import { cardTree, ogSize, type OgCard } from "./card.server";
import { layoutCard } from "./layout.server";

// Satori keeps one font per family, weight and style, so each character range is its own family and the card's
// font-family lists them in order. Noto Sans Math draws arrows and math signs, Noto Sans Symbols 2 stars, dingbats
// and the commonest emoji, Noto Sans Symbols the peace sign. A colour emoji set is left out: it would double the
// Worker's size for glyphs our own titles never use (docs/decisions/0006-content-and-metadata.md).
// The WebAssembly and the fonts are imported when the first card is drawn (ADR 0035): a static import of a .wasm or
// .woff module would be linked, and its bytes copied, by every isolate at start-up.
// vite/client types every .woff import as a URL string; wrangler's Data rule really hands over an ArrayBuffer.
type FontModule = Promise<{ default: unknown }>;
const FONT_FILES: readonly { name: string; weight: 400 | 700; load: () => FontModule }[] = [
  { name: "Roboto", weight: 400, load: () => import("@fontsource/roboto/files/roboto-latin-400-normal.woff") },
  { name: "Roboto Latin Ext", weight: 400, load: () => import("@fontsource/roboto/files/roboto-latin-ext-400-normal.woff") },
  { name: "Roboto Symbols", weight: 400, load: () => import("@fontsource/roboto/files/roboto-symbols-400-normal.woff") },
  { name: "Roboto", weight: 700, load: () => import("@fontsource/roboto/files/roboto-latin-700-normal.woff") },
  { name: "Roboto Latin Ext", weight: 700, load: () => import("@fontsource/roboto/files/roboto-latin-ext-700-normal.woff") },
  { name: "Roboto Symbols", weight: 700, load: () => import("@fontsource/roboto/files/roboto-symbols-700-normal.woff") },
  { name: "Noto Sans Math", weight: 400, load: () => import("@fontsource/noto-sans-math/files/noto-sans-math-latin-400-normal.woff") },
  { name: "Noto Sans Symbols 2", weight: 400, load: () => import("@fontsource/noto-sans-symbols-2/files/noto-sans-symbols-2-symbols-400-normal.woff") },
  { name: "Noto Sans Symbols", weight: 400, load: () => import("@fontsource/noto-sans-symbols/files/noto-sans-symbols-symbols-400-normal.woff") },
];

/** Every family name in fallback order, for the card's font-family. */
const OG_FONT_STACK = [...new Set(FONT_FILES.map(({ name }) => name))].map((name) => `"${name}"`).join(", ");

type SatoriFont = { name: string; data: ArrayBuffer; weight: 400 | 700; style: "normal" };
/** The full set, and Roboto's alone (about 70 KB against 690 KB of fonts for satori to parse on an isolate's first card). */
type FontSets = { all: SatoriFont[]; roboto: SatoriFont[] };

// What Roboto's latin and latin-ext files draw, kept narrow: a card whose text is all within it needs no other font.
const ROBOTO_TEXT = /^[\u0020-\u024f\u2000-\u206f\u20ac\u2122]*$/;

/** Every string satori will lay out in a card's tree. */
function textIn(node: unknown): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textIn).join("");
  if (node && typeof node === "object" && "props" in node) return textIn((node as { props?: { children?: unknown } }).props?.children);
  return "";
}

async function loadFonts(): Promise<FontSets> {
  const fonts = await Promise.all(FONT_FILES.map(({ load }) => load()));
  const all = FONT_FILES.map(({ name, weight }, i) => ({ name, data: fonts[i]!.default as ArrayBuffer, weight, style: "normal" as const }));
  return { all, roboto: all.filter(({ name }) => name.startsWith("Roboto")) };
}

// Both engines are compiled once per isolate, each retried alone after a failed start (engines.server.ts). Each font
// list is one array for the isolate's life: satori caches parsed fonts per options array, so a new array each render
// would parse every font again.
const start = engineStarter<FontSets>({
  resvg: { init: initWasm, wasm: async () => (await import("@resvg/resvg-wasm/index_bg.wasm")).default },
  satori: { init: initSatori, wasm: async () => (await import("satori/yoga.wasm")).default },
  fonts: loadFonts,
});

/**
 * The card as a PNG. `plain` draws its title and subtitle with the bundled fonts only, without fitting them (the
 * default card a failed render falls back to, which must not need the static assets).
 */
export async function renderOgPng(card: OgCard, siteName: string, assets: Fetcher, plain = false): Promise<Uint8Array<ArrayBuffer>> {
  const [fontSets, layout] = await Promise.all([start(), plain ? { shaped: {}, rects: {} } : layoutCard(card, assets)]);
  const { width, height } = ogSize(card.variant, card.bits !== null);
  const tree = cardTree(card, siteName, OG_FONT_STACK, layout);
  const fonts = ROBOTO_TEXT.test(textIn(tree)) ? fontSets.roboto : fontSets.all;
  const svg = await satori(tree as Parameters<typeof satori>[0], { width, height, fonts });
  const resvg = new Resvg(svg, { fitTo: { mode: "width", value: width } });
  try {
    const image = resvg.render();
    try {
      return new Uint8Array(image.asPng());
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
