import type { RegExpMatcher } from "obscenity";
import { PHONE_MIN_DIGITS } from "./limits";
import { MODERATION_EMAIL, MODERATION_LINK, MODERATION_PHONE, MODERATION_PROFANITY } from "./messages";

export type ModerationResult = { ok: true; text: string } | { ok: false; error: string };

const EMAIL_ADDRESS = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;

// Bare domains are only recognised for common top-level domains: two-letter ones
// that are also English words ("in", "to", "me", "us") would refuse "peace.In".
const LINKS = [
  /\bhttps?:\/\//i,
  /\bwww\./i,
  /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|io|ly|co|app|dev|xyz|site|online|shop|link|club|top|tv|gg|ru|cn|uk|de|fr|ca|au)\b/i,
  /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/\w/i,
];

// Digits grouped by spaces, brackets, dashes or dots ("555.123.4567").
const NUMBER_RUN = /\+?\(?\d[\d\s().\-–]*\d/g;

// Runs of 7+ digits that a wish may well contain and a phone number rarely looks like.
const YEAR = /^(?:1\d|20)\d\d$/;
const GROUPED_THOUSANDS = /^[1-9]\d{0,2}(?:[ \u00a0]\d{3})+$/;
const ROUND_NUMBER = /^[1-9]\d*0{5}$/;

function isDate(groups: readonly string[]): boolean {
  if (groups.length !== 3) return false;
  const lengths = groups.map((group) => group.length);
  const yearFirst = lengths[0] === 4 && lengths[1] <= 2 && lengths[2] <= 2;
  const yearLast = lengths[0] <= 2 && lengths[1] <= 2 && lengths[2] === 4;
  return yearFirst || yearLast;
}

function isPhoneNumber(run: string): boolean {
  const digits = run.replace(/\D/g, "");
  if (digits.length < PHONE_MIN_DIGITS) return false;
  if (run.startsWith("+")) return true;
  const groups = run.split(/\D+/).filter(Boolean);
  const innocent =
    groups.every((group) => YEAR.test(group)) ||
    isDate(groups) ||
    GROUPED_THOUSANDS.test(run) ||
    ROUND_NUMBER.test(digits);
  return !innocent;
}

const PROFANITY = new Set([
  "fuck", "fucks", "fucked", "fucker", "fuckers", "fucking", "fuckin", "motherfucker", "motherfucking",
  "shit", "shits", "shitty", "shithead", "bullshit", "dipshit",
  "bitch", "bitches", "bastard", "bastards",
  "ass", "arse", "asshole", "assholes", "arsehole", "jackass",
  "cunt", "cunts", "twat", "wank", "wanker", "bollocks", "dickhead", "cocksucker",
  "pussy", "slut", "whore", "douche", "douchebag",
  "faggot", "fag", "nigger", "nigga", "retard", "retarded", "spic", "kike", "tranny", "dyke",
]);

const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s", "!": "i" };

/** Reads look-alike digits and signs as letters, but only in a token that has a letter: "a55" is a word, "455" a number. */
function unLeet(token: string): string {
  return /\p{L}/u.test(token) ? token.replace(/[013457@$!]/g, (character) => LEET[character]) : token;
}

// Whole words only, so "Scunthorpe", "assistance" and "classic" stay publishable.
function containsProfanity(text: string): boolean {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}@$!]+/u)
    .map((token) => unLeet(token.replace(/^!+|!+$/g, "")))
    .some((word) => PROFANITY.has(word));
}

// Characters that draw nothing and would split a word or an address: zero-width spaces and joiners, the word joiner,
// the byte-order mark, the soft hyphen and bidi controls.
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
// Letters of other scripts that look like Latin ones, as they are used to slip a word or a link past a filter.
const CONFUSABLES: Record<string, string> = {
  а: "a", в: "b", е: "e", ё: "e", к: "k", м: "m", н: "h", о: "o", р: "p", с: "c", т: "t", у: "y", х: "x", і: "i", ј: "j", ѕ: "s",
  ԁ: "d", ɡ: "g", α: "a", ε: "e", ι: "i", κ: "k", ο: "o", ρ: "p", τ: "t", υ: "u", χ: "x", ν: "v",
};
const CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLES).join("")}]`, "giu");
// Dots that are not a full stop to a filter but are to a reader or a browser bar.
const OTHER_DOTS = /[\u3002\uff61\u2024\u2027\u00b7\u0701\u0702]/g;
const TLD_WORD = "(?:com|net|org|info|biz|io|ly|co|app|dev|xyz|site|online|shop|link|club|top|tv|gg|ru|cn|uk|de|fr|ca|au|me|us|in|to|eu|nl|es|it)";

/** Folds the disguises of links, addresses and numbers into their plain form; the checks read this, never the store. */
function unmask(text: string): string {
  return (
    text
      .normalize("NFKC")
      .replace(INVISIBLE, "")
      .replace(CONFUSABLE, (character) => {
        const plain = CONFUSABLES[character.toLowerCase()] ?? character;
        return character === character.toLowerCase() ? plain : plain.toUpperCase();
      })
      // Arabic-Indic and Extended Arabic-Indic digits read as 0–9.
      .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
      .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
      .replace(OTHER_DOTS, ".")
      // "example[.]com", "example(dot)com", "example dot com", "bob (at) example": the dot and the at, spelled out.
      .replace(/\s*[[({]\s*(?:\.|dot)\s*[\])}]\s*/gi, ".")
      .replace(new RegExp(`(\\w)\\s+dot\\s+(?=(?:\\w+\\s+dot\\s+)*${TLD_WORD}\\b)`, "gi"), "$1.")
      .replace(/\s*[[({]\s*at\s*[\])}]\s*/gi, "@")
      // Spaced out: "h t t p s : / /", "bob @ example . com".
      .replace(/\bh\s*t\s*t\s*p\s*(s?)\s*:\s*\/\s*\//gi, "http$1://")
      .replace(/\s*@\s*/g, "@")
      .replace(new RegExp(`\\s*\\.\\s*(?=${TLD_WORD}\\b)`, "gi"), ".")
  );
}

/** Letters spaced or dotted apart ("f u c k", "s.h.i.t") read as the word they spell. */
function joinSpacedLetters(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}])\p{L}(?:[\s._*-]\p{L}){2,}(?![\p{L}\p{N}])/gu, (run) => run.replace(/[\s._*-]/g, ""));
}

// A maintained matcher (look-alikes, repeated letters, leetspeak) beside our own word list. Innocent words it would
// read as profanity are whitelisted; numbers alone ("455") are not words. obscenity builds its English word list
// when its module is evaluated, a few milliseconds that every cold isolate would pay at start-up: it is imported on
// the first text that reaches it, once per isolate (a failed import is forgotten, so the next text tries again).
let matcher: Promise<RegExpMatcher> | undefined;
function obscenityMatcher(): Promise<RegExpMatcher> {
  matcher ??= import("obscenity").then(
    ({ englishDataset, englishRecommendedTransformers, RegExpMatcher }) => {
      const dataset = englishDataset.build();
      return new RegExpMatcher({
        ...dataset,
        ...englishRecommendedTransformers,
        whitelistedTerms: [...(dataset.whitelistedTerms ?? []), "shiitake", "cockpit", "cocktail", "cockatoo", "peacock", "hitchcock", "assassin"],
      });
    },
    (error: unknown) => {
      matcher = undefined;
      throw error;
    },
  );
  return matcher;
}

async function profane(text: string): Promise<boolean> {
  const joined = joinSpacedLetters(text);
  if (containsProfanity(joined)) return true;
  const words = joined.replace(/(?<![\p{L}])\p{N}+(?![\p{L}])/gu, " ");
  return (await obscenityMatcher()).hasMatch(words);
}

export async function moderateText(text: string): Promise<ModerationResult> {
  const folded = unmask(text);
  if (EMAIL_ADDRESS.test(folded)) return { ok: false, error: MODERATION_EMAIL };
  if (LINKS.some((link) => link.test(folded))) return { ok: false, error: MODERATION_LINK };
  if ((folded.match(NUMBER_RUN) ?? []).some(isPhoneNumber)) return { ok: false, error: MODERATION_PHONE };
  if (await profane(folded)) return { ok: false, error: MODERATION_PROFANITY };
  return { ok: true, text };
}
