/** Cutting text for share cards and their links (docs/product.md#the-loop-back); apart from text.ts, which brings zod, so pages can import it. */
export const ELLIPSIS = "…";

/**
 * `text` in at most `max` characters (code points), cut after the last whole word that fits, with an ellipsis, in any
 * script: Intl.Segmenter finds the words (spaces in Latin, Arabic and Devanagari; the dictionary's words in Chinese),
 * so a card never ends mid-word ("…and read the line it" becomes "…and read the…"). A first word longer than the room
 * is cut between its graphemes. Text that fits is returned as it is.
 */
export function cutAtWord(text: string, max: number, locale?: string): string {
  if (Array.from(text).length <= max) return text;
  const room = max - 1;
  let end = 0;
  let used = 0;
  for (const { segment, index, isWordLike } of new Intl.Segmenter(locale, { granularity: "word" }).segment(text)) {
    used += Array.from(segment).length;
    if (used > room) break;
    if (isWordLike) end = index + segment.length;
  }
  if (end === 0) {
    let graphemes = "";
    for (const { segment } of new Intl.Segmenter(locale, { granularity: "grapheme" }).segment(text)) {
      if (Array.from(graphemes + segment).length > room) break;
      graphemes += segment;
    }
    return `${graphemes}${ELLIPSIS}`;
  }
  return `${text.slice(0, end).replace(/[\s\p{P}]+$/u, "")}${ELLIPSIS}`;
}
