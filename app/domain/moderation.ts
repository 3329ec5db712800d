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

const NUMBER_RUN = /\+?\(?\d[\d\s()\-–]*\d/g;

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

export function moderateText(text: string): ModerationResult {
  // NFKC folds look-alikes such as full-width letters and digits into plain ones.
  const folded = text.normalize("NFKC");
  if (EMAIL_ADDRESS.test(folded)) return { ok: false, error: MODERATION_EMAIL };
  if (LINKS.some((link) => link.test(folded))) return { ok: false, error: MODERATION_LINK };
  if ((folded.match(NUMBER_RUN) ?? []).some(isPhoneNumber)) return { ok: false, error: MODERATION_PHONE };
  if (containsProfanity(folded)) return { ok: false, error: MODERATION_PROFANITY };
  return { ok: true, text };
}
