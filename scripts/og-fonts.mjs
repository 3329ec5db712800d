// The share card's fonts for scripts satori cannot shape (ADR 0028): the build writes them to build/client/og-fonts
// as TrueType, with a manifest of the characters each file draws, and /og reads the few a title needs at render time.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { inflateSync } from "node:zlib";
import { create } from "fontkit";

const require = createRequire(import.meta.url);
const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));

/**
 * Families in the order a character tries them. Roboto and the symbol fonts the card already uses draw Latin, digits,
 * arrows, stars and the commonest emoji, as on every other card; Noto Sans SC comes last, since its slices also hold
 * Latin letters and a few Devanagari ones.
 */
const FAMILIES = [
  { pkg: "@fontsource/noto-sans-arabic", subsets: ["arabic"] },
  { pkg: "@fontsource/noto-sans-devanagari", subsets: ["devanagari"] },
  { pkg: "@fontsource/roboto", subsets: ["latin", "latin-ext", "symbols"] },
  { pkg: "@fontsource/noto-sans-math", subsets: ["latin"], weights: [400] },
  { pkg: "@fontsource/noto-sans-symbols-2", subsets: ["symbols"], weights: [400] },
  { pkg: "@fontsource/noto-sans-symbols", subsets: ["symbols"], weights: [400] },
  { pkg: "@fontsource/noto-sans-sc", subsets: /^\[\d+\]$/ },
];
export const OG_FONT_WEIGHTS = [400, 700];

/** WOFF 1.0 (a zlib-compressed table each) back to the TrueType it wraps: fontkit's own WOFF reader fails on some slices. */
export function woffToSfnt(woff) {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) throw new Error("not a WOFF file");
  const count = view.getUint16(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [tag, offset, compressed, length, checksum] = [0, 4, 8, 12, 16].map((k) => view.getUint32(at + k));
    const raw = woff.subarray(offset, offset + compressed);
    return { tag, checksum, data: compressed < length ? new Uint8Array(inflateSync(raw)) : raw };
  });
  const size = tables.reduce((sum, { data }) => sum + ((data.length + 3) & ~3), 12 + 16 * count);
  const out = new Uint8Array(size);
  const sfnt = new DataView(out.buffer);
  const selector = Math.floor(Math.log2(count));
  sfnt.setUint32(0, view.getUint32(4));
  sfnt.setUint16(4, count);
  sfnt.setUint16(6, 16 << selector);
  sfnt.setUint16(8, selector);
  sfnt.setUint16(10, count * 16 - (16 << selector));
  let offset = 12 + 16 * count;
  tables.forEach(({ tag, checksum, data }, i) => {
    const record = 12 + 16 * i;
    sfnt.setUint32(record, tag);
    sfnt.setUint32(record + 4, checksum);
    sfnt.setUint32(record + 8, offset);
    sfnt.setUint32(record + 12, data.length);
    out.set(data, offset);
    offset += (data.length + 3) & ~3;
  });
  return out;
}

/**
 * The characters a font really draws, as [from, to] ranges from its cmap: a slice's declared unicode-range is wider
 * than its glyphs (Roboto's "symbols" slice claims arrows it has no outline for).
 */
export function drawnRanges(sfnt) {
  const codePoints = [...new Set(create(Buffer.from(sfnt)).characterSet)].sort((a, b) => a - b);
  const ranges = [];
  for (const cp of codePoints) {
    const last = ranges.at(-1);
    if (last && last[1] === cp - 1) last[1] = cp;
    else ranges.push([cp, cp]);
  }
  return ranges;
}

/** Every file the build writes under og-fonts/, and the manifest /og reads: `{ fonts: [{ file, family, weight, ranges }] }`. */
export function ogFontFiles() {
  const files = [];
  const manifest = { fonts: [] };
  for (const family of FAMILIES) {
    const dir = packageDir(family.pkg);
    const id = family.pkg.split("/")[1];
    const unicode = JSON.parse(readFileSync(join(dir, "unicode.json"), "utf8"));
    const subsets = Array.isArray(family.subsets) ? family.subsets : Object.keys(unicode).filter((name) => family.subsets.test(name));
    for (const weight of family.weights ?? OG_FONT_WEIGHTS) {
      for (const subset of subsets) {
        const slice = subset.replace(/[[\]]/g, "");
        const file = `${id}-${slice}-${weight}.ttf`;
        const source = woffToSfnt(readFileSync(join(dir, "files", `${id}-${slice}-${weight}-normal.woff`)));
        files.push({ fileName: `og-fonts/${file}`, source });
        manifest.fonts.push({ file, family: id, weight, ranges: drawnRanges(source) });
      }
    }
  }
  files.push({ fileName: "og-fonts/manifest.json", source: JSON.stringify(manifest) });
  return files;
}
