import type { Country as SourceCountry } from "world-countries";
import worldCountriesData from "world-countries/dist/countries-unescaped.json";
import { ownFlagSources } from "~/domain/flags";

export type Country = {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  name: string;
  flag: string;
  lat: number;
  lon: number;
  /** ISO 3166-1 numeric, e.g. "076"; empty for Kosovo, which has none. */
  numeric: string;
};

const PLACEHOLDER_CODES = new Set(["XX", "ZZ"]);
const REGIONAL_INDICATOR_A = 0x1f1e6;

/** Names people still type that the package data lacks (renamed countries, the UK's nations). */
const EXTRA_LOOKUP_NAMES: Record<string, string> = {
  Turkey: "TR",
  Britain: "GB",
  England: "GB",
  Scotland: "GB",
  Wales: "GB",
  "Northern Ireland": "GB",
  Bosnia: "BA",
  "Holy See": "VA",
};

/** Ways of naming a country, tried in this order so that a code or common name is never shadowed by another country's alias. */
const LOOKUP_NAME_PASSES: ReadonlyArray<(source: SourceCountry) => string[]> = [
  (source) => [source.cca2, source.cca3],
  (source) => [source.name.common],
  (source) => [source.name.official],
  (source) => source.altSpellings,
  (source) => Object.values(source.name.native).flatMap((native) => [native.common, native.official]),
];

function isRealCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && !PLACEHOLDER_CODES.has(code);
}

/** Built from the code rather than read from the data, which leaves some flags (e.g. BQ) empty. */
function flagEmoji(code: string): string {
  return String.fromCodePoint(...[...code].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - "A".charCodeAt(0)));
}

function toCountry(source: SourceCountry): Country {
  const [lat, lon] = source.latlng;
  return { code: source.cca2, name: source.name.common, flag: flagEmoji(source.cca2), lat, lon, numeric: source.ccn3 };
}

/** Folds case, accents, punctuation, "&"/"and", "St"/"Saint" and a leading "the" so that spellings of one name meet. */
function lookupKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’‘`.]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/^the /, "")
    .replace(/\bst\b/g, "saint");
}

function indexLookupNames(sources: ReadonlyArray<readonly [SourceCountry, Country]>): Map<string, Country> {
  const index = new Map<string, Country>();
  const add = (name: string, country: Country) => {
    const key = lookupKey(name);
    if (key && !index.has(key)) index.set(key, country);
  };
  for (const namesOf of LOOKUP_NAME_PASSES) {
    for (const [source, country] of sources) {
      for (const name of namesOf(source)) add(name, country);
    }
  }
  for (const [name, code] of Object.entries(EXTRA_LOOKUP_NAMES)) {
    const country = sources.find(([, candidate]) => candidate.code === code)?.[1];
    if (country) add(name, country);
  }
  return index;
}

interface Tables {
  /** Every country and territory with a real ISO alpha-2 code, sorted by name. */
  countries: Country[];
  byCode: Map<string, Country>;
  byLookupName: Map<string, Country>;
}

/**
 * The package's data (1.2 MB). In the Worker, wrangler.toml's Text rule loads the file as a string, which costs a
 * starting isolate next to nothing where the same data as an object literal was built at start-up; it is parsed,
 * indexed and sorted on the first lookup (ADR 0035). Vite and Node load it as JSON.
 */
function sourceCountries(): SourceCountry[] {
  const data: unknown = worldCountriesData;
  return (typeof data === "string" ? JSON.parse(data) : data) as SourceCountry[];
}

let tables: Tables | undefined;
// Only this function touches the package data, so nothing here keeps it (translations included) reachable.
function countryTables(): Tables {
  if (tables) return tables;
  const sourcesWithCountries = sourceCountries()
    .filter((source) => isRealCountryCode(source.cca2))
    .map((source) => [source, toCountry(source)] as const);
  const countries = sourcesWithCountries.map(([, country]) => country).sort((a, b) => a.name.localeCompare(b.name, "en"));
  tables = { countries, byCode: new Map(countries.map((country) => [country.code, country])), byLookupName: indexLookupNames(sourcesWithCountries) };
  return tables;
}

/** Every country and territory with a real ISO alpha-2 code, sorted by name. */
export function allCountries(): readonly Country[] {
  return countryTables().countries;
}

export function countryNames(): string[] {
  return allCountries().map((country) => country.name);
}

/** Matches a common or official name, an ISO alpha-2 or alpha-3 code, or a known alternative spelling. */
export function findCountry(input: string): Country | undefined {
  return countryTables().byLookupName.get(lookupKey(input));
}

export function countryByCode(code: string): Country | undefined {
  return countryTables().byCode.get(code.trim().toUpperCase());
}

/** Flag image URLs to try in order; when all fail the UI shows the emoji flag. Empty for an unknown code. */
export function flagImageSources(code: string): string[] {
  const country = countryByCode(code);
  if (!country) return [];
  const lower = country.code.toLowerCase();
  // The site's own copy first (ADR 0019); the flag services stay behind it, as the four fallbacks of docs/product.md#the-home-page.
  return [
    ...ownFlagSources(country.code),
    `https://flagcdn.com/w40/${lower}.png`,
    `https://flagcdn.com/${lower}.svg`,
    `https://flagsapi.com/${country.code}/flat/64.png`,
  ];
}

export function centroid(code: string): [lat: number, lon: number] | undefined {
  const country = countryByCode(code);
  return country ? [country.lat, country.lon] : undefined;
}
