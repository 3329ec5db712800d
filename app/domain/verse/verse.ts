import { SHOTS } from "~/domain/limits";
import { LOCALE_INFO, type Locale } from "~/domain/locale";
import { regionName } from "~/domain/region-name";
import { ar } from "./ar";
import { en } from "./en";
import { es } from "./es";
import { FIRST_LINE_COUNT, FIRST_LINES_PER_READING, verseFacts, type VerseFacts, type VerseRing } from "./facts";
import { fr } from "./fr";
import { hi } from "./hi";
import { countingFor, type VerseLanguage } from "./language";
import { zh } from "./zh";

export { FIRST_LINE_COUNT, FIRST_LINES_PER_READING, verseFacts, type VerseFacts, type VerseRing } from "./facts";

// A line names at most three countries and three themes (the most frequent), so the verse stays a heading.
const NAMED_COUNTRIES = 3;
const NAMED_THEMES = 3;

/**
 * The numbers pages say about the verse (`{{verse.*}}` in /why and /faq), from the code that writes it: how many
 * first lines the bits choose from, how many for each reading, and how many shots a ring's measurement has.
 */
export const VERSE_PAGE_VALUES = {
  "verse.firstLines": FIRST_LINE_COUNT,
  "verse.perReading": FIRST_LINES_PER_READING,
  "verse.shots": SHOTS,
} as const;

export const VERSE_LANGUAGES: Record<Locale, VerseLanguage> = { en, es, fr, ar, hi, zh };

/** A ring's verse from its facts, in one language: the first line the bits chose, then the measurement, then the wishes. */
export function verseLinesFrom(facts: VerseFacts, locale: Locale): string[] {
  const language = VERSE_LANGUAGES[locale];
  const { tag } = LOCALE_INFO[locale];
  const counting = countingFor(tag);
  const lines = [language.firstLines[facts.kind][facts.firstLine]];
  if (facts.measurement) lines.push(language.measurement(facts.measurement, counting));
  if (facts.wishes) {
    const { count, themes, countries } = facts.wishes;
    const named = countries.slice(0, NAMED_COUNTRIES).map((code) => regionName(code, tag) ?? code);
    lines.push(language.wishes({ count, themes: themes.slice(0, NAMED_THEMES), countries: named, more: countries.length - named.length }, counting));
  }
  return lines;
}

/**
 * The verse written for one ring (ADR 0091), in `locale`: two or three lines, derived from what the ring stores
 * (its measured bits, every shot's counts, its wishes' themes and countries), so older rings have theirs too and
 * every device, card and mail draws the same one.
 */
export function verseLines(ring: VerseRing, locale: Locale): string[] {
  return verseLinesFrom(verseFacts(ring), locale);
}

/** The verse as one text, a line each: what `poem` carries in the API, the socket, mails and push texts. */
export function verseText(ring: VerseRing, locale: Locale): string {
  return verseLines(ring, locale).join("\n");
}

/** What a ring stores that its verse is written from; the measured bits are null until the ring completes. */
export type VerseSource = Omit<VerseRing, "bitstring"> & { bitstring: string | null };

/** A ring's verse in `locale`, or null while it has no measured bits (queued, running, failed). */
export function ringVerse(ring: VerseSource, locale: Locale): string[] | null {
  return ring.bitstring === null ? null : verseLines({ ...ring, bitstring: ring.bitstring }, locale);
}
