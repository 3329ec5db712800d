import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import satori, { init as initSatori } from "satori/standalone";
import yogaWasm from "satori/yoga.wasm";
import roboto400Latin from "@fontsource/roboto/files/roboto-latin-400-normal.woff";
import roboto400LatinExt from "@fontsource/roboto/files/roboto-latin-ext-400-normal.woff";
import roboto400Symbols from "@fontsource/roboto/files/roboto-symbols-400-normal.woff";
import roboto700Latin from "@fontsource/roboto/files/roboto-latin-700-normal.woff";
import roboto700LatinExt from "@fontsource/roboto/files/roboto-latin-ext-700-normal.woff";
import roboto700Symbols from "@fontsource/roboto/files/roboto-symbols-700-normal.woff";
import symbols2 from "@fontsource/noto-sans-symbols-2/files/noto-sans-symbols-2-symbols-400-normal.woff";
import notoMath from "@fontsource/noto-sans-math/files/noto-sans-math-latin-400-normal.woff";
import symbols1 from "@fontsource/noto-sans-symbols/files/noto-sans-symbols-symbols-400-normal.woff";
import { cardTree, needsShaping, ogSize, textBoxes, type OgCard, type ShapedText } from "./card.server";
import { fontsFor } from "./script-fonts.server";
import { shapeText } from "./shaped-text.server";

// Both engines are compiled once per isolate; a failed start is forgotten so the next request tries again.
let ready: Promise<void> | undefined;
function start(): Promise<void> {
  ready ??= Promise.all([initWasm(resvgWasm), initSatori(yogaWasm)]).then(
    () => undefined,
    (error: unknown) => {
      ready = undefined;
      throw error;
    },
  );
  return ready;
}

// Satori keeps one font per family, weight and style, so each character range is its own family and the card's
// font-family lists them in order. Noto Sans Math draws arrows and math signs, Noto Sans Symbols 2 stars, dingbats
// and the commonest emoji, Noto Sans Symbols the peace sign. A colour emoji set is left out: it would double the
// Worker's size for glyphs our own titles never use (docs/decisions/0006-content-and-metadata.md).
const FONT_FILES = [
  { name: "Roboto", data: roboto400Latin, weight: 400 },
  { name: "Roboto Latin Ext", data: roboto400LatinExt, weight: 400 },
  { name: "Roboto Symbols", data: roboto400Symbols, weight: 400 },
  { name: "Roboto", data: roboto700Latin, weight: 700 },
  { name: "Roboto Latin Ext", data: roboto700LatinExt, weight: 700 },
  { name: "Roboto Symbols", data: roboto700Symbols, weight: 700 },
  { name: "Noto Sans Math", data: notoMath, weight: 400 },
  { name: "Noto Sans Symbols 2", data: symbols2, weight: 400 },
  { name: "Noto Sans Symbols", data: symbols1, weight: 400 },
] as const;

/** Every family name in fallback order, for the card's font-family. */
const OG_FONT_STACK = [...new Set(FONT_FILES.map(({ name }) => name))].map((name) => `"${name}"`).join(", ");

// One array for the isolate's life: satori caches parsed fonts per options array, so a new array each render would
// parse every font again.
const FONTS = FONT_FILES.map(({ name, data, weight }) => ({
  name,
  // vite/client types every .woff import as a URL string; wrangler's Data rule really hands over an ArrayBuffer.
  data: data as unknown as ArrayBuffer,
  weight,
  style: "normal" as const,
}));

/** Title and subtitle in scripts satori cannot shape, laid out with the fonts the static assets hold for them. */
async function shapeScripts(card: OgCard, assets: Fetcher): Promise<ShapedText> {
  const boxes = textBoxes(card);
  const shape = async (text: string, weight: number, box: (typeof boxes)["title"]) =>
    needsShaping(text) ? shapeText({ ...box, text }, await fontsFor(assets, text, weight)) : undefined;
  const [title, subtitle, label, tagline] = await Promise.all([
    shape(card.title, 700, boxes.title),
    shape(card.subtitle, 400, boxes.subtitle),
    shape(card.label, 400, boxes.label),
    shape(card.tagline, 400, boxes.tagline),
  ]);
  return { title, subtitle, label, tagline };
}

export async function renderOgPng(card: OgCard, siteName: string, assets: Fetcher): Promise<Uint8Array<ArrayBuffer>> {
  const [, shaped] = await Promise.all([start(), card.variant === "square" ? {} : shapeScripts(card, assets)]);
  const { width, height } = ogSize(card.variant);
  const svg = await satori(cardTree(card, siteName, OG_FONT_STACK, shaped) as Parameters<typeof satori>[0], { width, height, fonts: FONTS });
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
