/**
 * A random word no other test wrote, for wish text that must pass moderation. Letters only (a run of digits reads as
 * a phone number), and consonants that spell no word: hexadecimal or whole-alphabet suffixes now and then spelled a
 * profanity (about 5 in 100 eight-character hex strings are refused) and the wish was refused with a 400, a flaky
 * failure of whichever test drew it.
 */
const SAFE_LETTERS = "bdghjkmnpqrvwxz";

export const uniqueWord = (length = 10) =>
  Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => SAFE_LETTERS[byte % SAFE_LETTERS.length]).join("");
