import { cutAtWord } from "./cut-text";
import { isolate } from "./isolate";
import { OG_SUBTITLE_MAX, OG_VERSE_MAX } from "./limits";
import type { Translate } from "./messages";
import { type RingImageFormat, ringVariant } from "./og-variant";
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from "./locale";
import { isValidActivityCode } from "./live-activity";
import { regionName } from "./region-name";
import type { RingView } from "./ring-view";
import { RING_STATUS } from "./statuses";
import { ringVerse } from "./verse/verse";

/** What a share card (/og) draws: its text, its variant, and for a writer's own story their words. */
export interface CardParams {
  title?: string;
  subtitle?: string;
  variant?: string;
  /** On a ring's story shared by one of its writers: their own wish (docs/product.md#the-loop-back). */
  words?: string;
  /** The language of the card's own words (its label and tagline); English when not given. */
  lang?: Locale;
}

export function entangledSubtitle(t: Translate, wishCount: number): string {
  return t("{count, plural, one {# wish entangled} other {# wishes entangled}}", { count: wishCount });
}

type Origin = Pick<RingView["wishes"][number], "country"> & { countryCode?: string | null };

/**
 * A wish's country as a card names it: only a country of the known list (a wish whose country matched one is stored
 * with its code), named by that code in the card's language. A country typed as free text has no code and is left
 * off: a card the site signs never prints what a visitor typed there (ADR 0095).
 */
function countryIn(wish: Origin, locale: Locale): string | undefined {
  if (!wish.country?.trim() || !isValidActivityCode(wish.countryCode)) return undefined;
  return regionName(wish.countryCode, LOCALE_INFO[locale].tag);
}

/**
 * Where a ring's wishes came from, as its share card says it: "3 wishes from Japan · South Africa · Chile". With
 * `isolated`, each country is a bidi isolate (the cards), so an English name cannot pull the Arabic around it.
 */
export function ringOrigins(t: Translate, wishes: readonly Origin[], locale: Locale = DEFAULT_LOCALE, isolated = false): string {
  const countries = [...new Set(wishes.flatMap((wish) => countryIn(wish, locale) ?? []))].map((name) => (isolated ? isolate(name) : name));
  return countries.length > 0
    ? t("{count, plural, one {# wish from {countries}} other {# wishes from {countries}}}", { count: wishes.length, countries: countries.join(" · ") })
    : entangledSubtitle(t, wishes.length);
}

/**
 * The ring's share image: its verse, its constellation (the measured bits travel in the variant), where its wishes
 * came from, and whether it was simulated. "bell" is the 1200×630 card of the page's metadata, "story" the 1080×1920
 * image the share sheet is given.
 */
export function ringCard(
  t: Translate,
  ring: Pick<RingView, "status" | "wishes" | "isSimulator" | "bitstring" | "counts"> & { id?: string },
  siteName: string,
  format: RingImageFormat = "bell",
  /** The card's language, for its country names (its sentences come translated by `t`). */
  locale: Locale = DEFAULT_LOCALE,
): CardParams {
  const verse = ring.status === RING_STATUS.completed ? ringVerse(ring, locale) : null;
  return verseCard(t, verse, ring, siteName, format, locale);
}

/** A ring's card for a verse already written in the card's language (null while the ring has none). */
export function verseCard(
  t: Translate,
  verse: readonly string[] | null,
  ring: Pick<RingView, "wishes" | "isSimulator" | "bitstring"> & { id?: string },
  siteName: string,
  format: RingImageFormat,
  locale: Locale,
): CardParams {
  return {
    // The whole verse in the card's language, its lines kept (ADR 0091); every card fits it (ADR 0094).
    title: cutAtWord(verse ? verse.join("\n") : t("A ring of the {siteName}", { siteName: isolate(siteName) }), OG_VERSE_MAX, LOCALE_INFO[locale].tag),
    subtitle: cutAtWord(`${ringOrigins(t, ring.wishes, locale, true)}${ring.isSimulator ? ` · ${t("simulated")}` : ""}`, OG_SUBTITLE_MAX),
    // The posters (story, square) print the ring's short link and, on the story, its QR code (docs/product.md#the-loop-back).
    variant: ringVariant(format, ring.bitstring, ring.id),
  };
}
