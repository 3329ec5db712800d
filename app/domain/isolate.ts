/**
 * Unicode's bidi isolates (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE): text wrapped in them takes its own
 * direction from its first strong letter and cannot reorder what stands around it, as `<bdi>` does on a page. The
 * share cards' renderer reads them (bidi-js) and draws nothing for them; visitors' own text never carries them
 * (text.ts strips bidi controls), so only the site places them.
 */
export const FSI = "\u2068";
export const PDI = "\u2069";

/** `text` isolated from the sentence around it: a country, a wish, the site's Latin name inside Arabic. */
export const isolate = (text: string): string => (text ? `${FSI}${text}${PDI}` : text);

/** `text` without isolates, for a renderer that would draw them as boxes. */
export const withoutIsolates = (text: string): string => text.replace(/[\u2066-\u2069]/g, "");
