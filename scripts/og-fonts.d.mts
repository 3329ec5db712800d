export const OG_FONT_WEIGHTS: number[];
export function woffToSfnt(woff: Uint8Array): Uint8Array;
export function drawnRanges(sfnt: Uint8Array): [number, number][];
export function ogFontFiles(): { fileName: string; source: Uint8Array | string }[];
