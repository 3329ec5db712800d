import { hashString, readingKind, type ReadingKind } from "~/domain/poem";
import { THEMES, type Theme, type WallTheme } from "~/domain/theme";

/** How sure the bell's answer was: the share of all shots that gave the measured (most frequent) answer. */
export type Certainty = "sure" | "leaning" | "scattered";

/** What of a ring its verse is written from: the measured bits, every shot's answer, and its wishes as the page shows them. */
export interface VerseRing {
  bitstring: string;
  counts: Readonly<Record<string, number>> | null;
  wishes: readonly { theme: Theme; countryCode: string | null; withdrawn?: boolean }[];
}

export interface VerseMeasurement {
  shots: number;
  /** Shots that gave the measured answer. */
  top: number;
  /** Distinct answers heard at least once. */
  answers: number;
  certainty: Certainty;
  /** Which of the certainty's two sentences. */
  variant: 0 | 1;
}

export interface VerseWishes {
  count: number;
  /** Themes other than General, the most frequent first (ties in THEMES' order). */
  themes: WallTheme[];
  /** Country codes, each once, in wish order. */
  countries: string[];
}

/** Everything a verse says, before any language: each language writes its own sentences from these facts. */
export interface VerseFacts {
  kind: ReadingKind;
  /** Index into the reading's first lines, chosen by a hash of the measured bit string (docs/product.md#the-poem). */
  firstLine: number;
  measurement: VerseMeasurement | null;
  wishes: VerseWishes | null;
}

/** Lines each reading may open with; the same number in every language. */
export const FIRST_LINES_PER_READING = 12;
export const READINGS: readonly ReadingKind[] = ["hope", "peace", "balanced"];
export const FIRST_LINE_COUNT = FIRST_LINES_PER_READING * READINGS.length;

// At least three shots in four on one answer is a sure bell; under two in five it scattered.
const SURE_SHARE = 0.75;
const LEANING_SHARE = 0.4;

const COUNTRY_CODE = /^[A-Z]{2}$/;

function measurementOf(bitstring: string, counts: VerseRing["counts"], seed: number): VerseMeasurement | null {
  if (!counts) return null;
  const tallies = Object.values(counts).filter((count) => Number.isFinite(count) && count > 0);
  const shots = tallies.reduce((sum, count) => sum + count, 0);
  if (shots === 0) return null;
  const top = counts[bitstring] && counts[bitstring] > 0 ? counts[bitstring] : Math.max(...tallies);
  const share = top / shots;
  const certainty: Certainty = share >= SURE_SHARE ? "sure" : share >= LEANING_SHARE ? "leaning" : "scattered";
  return { shots, top, answers: tallies.length, certainty, variant: (seed & 1) as 0 | 1 };
}

function wishesOf(wishes: VerseRing["wishes"]): VerseWishes | null {
  const shown = wishes.filter((wish) => !wish.withdrawn);
  if (shown.length === 0) return null;
  const tally = new Map<WallTheme, number>();
  for (const { theme } of shown) if ((THEMES as readonly string[]).includes(theme)) tally.set(theme as WallTheme, (tally.get(theme as WallTheme) ?? 0) + 1);
  const themes = [...tally.keys()].sort((a, b) => (tally.get(b) ?? 0) - (tally.get(a) ?? 0) || THEMES.indexOf(a) - THEMES.indexOf(b));
  const codes = shown.map((wish) => wish.countryCode?.toUpperCase() ?? "").filter((code) => COUNTRY_CODE.test(code));
  return { count: shown.length, themes, countries: [...new Set(codes)] };
}

/** The canonical text of a ring's measurement, so the same counts hash the same whatever order their keys came in. */
function countsKey(counts: VerseRing["counts"]): string {
  if (!counts) return "";
  return Object.keys(counts)
    .sort()
    .map((bits) => `${bits}=${counts[bits]}`)
    .join(",");
}

/** The facts of a ring's verse: pure and deterministic, so every device, card and mail draws the same verse. */
export function verseFacts(ring: VerseRing): VerseFacts {
  const kind = readingKind(ring.bitstring);
  const wishes = wishesOf(ring.wishes);
  const seed = hashString(`${ring.bitstring}|${countsKey(ring.counts)}|${wishes?.themes.join(",") ?? ""}|${wishes?.countries.join(",") ?? ""}`);
  return {
    kind,
    firstLine: hashString(ring.bitstring) % FIRST_LINES_PER_READING,
    measurement: measurementOf(ring.bitstring, ring.counts, seed),
    wishes,
  };
}
