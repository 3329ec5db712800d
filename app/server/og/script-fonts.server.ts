import "~/domain/zod-config";
import { create, type Font } from "fontkit";
import { z } from "zod";
import { onFirstUse } from "~/domain/on-first-use";

/**
 * The fonts for text satori cannot draw are static assets (build/client/og-fonts, written by scripts/og-fonts.mjs):
 * Noto Sans SC alone is 200 files and 12 MB, far past what the Worker's upload may carry (ADR 0028). A render reads
 * the manifest once per isolate, then only the files holding the title's characters, each parsed once per isolate.
 */

const Manifest = onFirstUse(() =>
  z.object({
    fonts: z.array(z.object({ file: z.string(), family: z.string(), weight: z.number(), ranges: z.array(z.tuple([z.number(), z.number()])) })),
  }),
);
type Entry = z.infer<typeof Manifest>["fonts"][number];

const ORIGIN = "https://assets.invalid";
/** Parsed fonts kept per isolate; a Chinese title needs a handful of the 100 slices, and most titles share them. */
const KEPT_FONTS = 48;
/** A title past this many slices (a hundred rare ideographs) draws what the first ones hold. */
export const MAX_FONT_FILES = 24;

let manifest: Promise<Entry[]> | undefined;
const fonts = new Map<string, Promise<Font>>();

async function fetchAsset(assets: Fetcher, path: string): Promise<Response> {
  const response = await assets.fetch(new Request(`${ORIGIN}/og-fonts/${path}`));
  if (!response.ok) throw new Error(`og font asset ${path}: ${response.status}`);
  return response;
}

function manifestOf(assets: Fetcher): Promise<Entry[]> {
  manifest ??= fetchAsset(assets, "manifest.json")
    .then(async (response) => Manifest.parse(await response.json()).fonts)
    .catch((error: unknown) => {
      manifest = undefined;
      throw error;
    });
  return manifest;
}

function fontOf(assets: Fetcher, file: string): Promise<Font> {
  let font = fonts.get(file);
  if (font) {
    // Most recently used last, so the first key is the one to forget.
    fonts.delete(file);
  } else {
    font = fetchAsset(assets, file).then(async (response) => create(new Uint8Array(await response.arrayBuffer()) as Buffer) as Font);
    font.catch(() => fonts.delete(file));
  }
  fonts.set(file, font);
  if (fonts.size > KEPT_FONTS) fonts.delete(fonts.keys().next().value!);
  return font;
}

/**
 * The files, in the manifest's fallback order, that draw some character of `text` no earlier file draws, at `weight`
 * (a family without that weight lends its other one).
 */
export function filesFor(entries: readonly Entry[], text: string, weight: number): string[] {
  let left = [...new Set([...text].filter((char) => /\S/u.test(char)).map((char) => char.codePointAt(0)!))];
  const weightOf = (family: string) => (entries.some((entry) => entry.family === family && entry.weight === weight) ? weight : entries.find((entry) => entry.family === family)!.weight);
  const files: string[] = [];
  for (const entry of entries) {
    if (!left.length || files.length === MAX_FONT_FILES) break;
    if (entry.weight !== weightOf(entry.family)) continue;
    const drawn = (cp: number) => entry.ranges.some(([from, to]) => cp >= from && cp <= to);
    if (!left.some(drawn)) continue;
    files.push(entry.file);
    left = left.filter((cp) => !drawn(cp));
  }
  return files;
}

/** The parsed fonts for `text`, in fallback order. */
export async function fontsFor(assets: Fetcher, text: string, weight: number): Promise<Font[]> {
  const files = filesFor(await manifestOf(assets), text, weight);
  return Promise.all(files.map((file) => fontOf(assets, file)));
}
