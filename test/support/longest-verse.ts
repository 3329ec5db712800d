// The longest verse the composer can write in each language (ADR 0091), for tests of what must fit it (the share
// cards): each of its lines at its longest, found over every first line, every measurement the shots allow, and a
// ring of five wishes with every theme and the five longest country names of the language.
import { SHOTS } from "../../app/domain/limits";
import { LOCALE_INFO, type Locale } from "../../app/domain/locale";
import { regionName } from "../../app/domain/region-name";
import { THEMES } from "../../app/domain/theme";
import type { Certainty, VerseMeasurement } from "../../app/domain/verse/facts";
import { countingFor } from "../../app/domain/verse/language";
import { VERSE_LANGUAGES, verseLinesFrom } from "../../app/domain/verse/verse";
import { allCountries } from "../../app/server/geo/countries.server";

const MAX_WISHES = 5;
const MAX_ANSWERS = 2 ** MAX_WISHES;

const longest = (texts: Iterable<string>) => [...texts].reduce((best, text) => (text.length > best.length ? text : best), "");

function* measurements(): Generator<VerseMeasurement> {
  for (let top = 1; top <= SHOTS; top++) {
    const share = top / SHOTS;
    const certainty: Certainty = share >= 0.75 ? "sure" : share >= 0.4 ? "leaning" : "scattered";
    // The other answers must hold the other shots: at most `top` each, at least one each.
    const fewest = top === SHOTS ? 1 : 1 + Math.ceil((SHOTS - top) / top);
    for (let answers = fewest; answers <= Math.min(MAX_ANSWERS, 1 + SHOTS - top); answers++) {
      for (const variant of [0, 1] as const) yield { shots: SHOTS, top, answers, certainty, variant };
    }
  }
}

export function longestVerseFor(locale: Locale): string[] {
  const language = VERSE_LANGUAGES[locale];
  const counting = countingFor(LOCALE_INFO[locale].tag);
  const first = longest(Object.values(language.firstLines).flat());
  const measured = longest((function* () {
    for (const facts of measurements()) yield language.measurement(facts, counting);
  })());
  const countries = allCountries()
    .map((country) => ({ code: country.code, name: regionName(country.code, LOCALE_INFO[locale].tag) ?? country.code }))
    .sort((a, b) => b.name.length - a.name.length)
    .slice(0, MAX_WISHES)
    .map((country) => country.code);
  const [, wishes] = verseLinesFrom({ kind: "hope", firstLine: 0, measurement: null, wishes: { count: MAX_WISHES, themes: [...THEMES], countries } }, locale);
  return [first, measured, wishes];
}
