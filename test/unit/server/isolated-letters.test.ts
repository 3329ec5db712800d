import { describe, expect, it } from "vitest";
import { FSI, isolate, PDI, withoutIsolates } from "~/domain/bidi";
import { friendWishLetter, wishCopyLetter, wishRangLetter } from "~/server/email/letters.server";
import { ringPushPayload } from "~/server/push/push.server";

// Issue 45, ADR 0096: in a mail's or a push's plain text, the site's name and every visitor's words and names are
// isolated (FSI … PDI), so an Arabic sentence keeps its order around "Quantum Bell" and an English wish, and addresses
// stay bare for mail clients to link.
const env = { SITE_NAME: "Quantum Bell", SITE_URL: "https://bell.example", HASH_SECRET: "0123456789abcdef0123456789abcdef0123456789abcdef" } as unknown as Env;
const STOP = "https://bell.example/mail/stop?t=abc";
const SITE = isolate("Quantum Bell");
const ENGLISH_WISH = "May the bridges of Alexandria hold everyone who crosses them…";

/** Every isolate opened is closed on its own line: a line break would end it in plain text. */
function balanced(text: string): boolean {
  return text.split("\n").every((line) => {
    let depth = 0;
    for (const character of line) {
      if (character === FSI) depth += 1;
      if (character === PDI) depth -= 1;
      if (depth < 0) return false;
    }
    return depth === 0;
  });
}

describe("mails isolate the site's name and the visitor's words", () => {
  it("the Arabic 'your wish rang': the site's name, the English wish and the name isolated; the link bare", () => {
    const letter = wishRangLetter(env, "ar", { text: ENGLISH_WISH, name: "Mira", ringId: "r1", verse: ["Stillness spreads like water finding its level."] }, STOP);
    expect(letter.subject).toContain(SITE);
    expect(letter.body).toContain(`"${FSI}${ENGLISH_WISH}${PDI}"`);
    expect(letter.body).toContain(`${FSI}Mira${PDI}`);
    expect(letter.body).toContain(" https://bell.example/ar/bell/r1");
    expect(letter.body).not.toMatch(/[\u2068\u2069]https?:|https?:\S*[\u2068\u2069]/);
    expect(balanced(letter.body) && balanced(letter.subject)).toBe(true);
  });

  it("the friend mail: site, sender, wish and each line of the message isolated, in Arabic and in English", () => {
    for (const locale of ["ar", "en"] as const) {
      const letter = friendWishLetter(env, locale, { friendEmail: "f@example.org", wish: "سلام على كل البيوت", name: "Alex", message: "Thinking of you.\nسلام" }, STOP);
      // The subject is the site's own words, its name isolated; never the sender's (ADR 0104).
      expect(letter.subject).toContain(SITE);
      expect(letter.subject).not.toContain("Alex");
      expect(letter.body).toContain(`${FSI}Alex${PDI}`);
      expect(letter.body).toContain(SITE);
      expect(letter.body).toContain(`"${FSI}سلام على كل البيوت${PDI}"`);
      expect(letter.body).toContain(`${FSI}Thinking of you.${PDI}\n${FSI}سلام${PDI}`);
      expect(balanced(letter.body)).toBe(true);
    }
  });

  it("the copy: the name and the wish isolated; without the isolates the words read as before", () => {
    const letter = wishCopyLetter(env, "en", { text: ENGLISH_WISH, name: "محمد" }, STOP);
    expect(letter.body).toContain(`${FSI}محمد${PDI}`);
    expect(letter.subject).toBe(`Your wish, from ${SITE}`);
    expect(withoutIsolates(letter.subject)).toBe("Your wish, from Quantum Bell");
  });
});

describe("a push reads in the wish's language and direction", () => {
  it("an Arabic notice says it is Arabic and right-to-left; an English one left-to-right", () => {
    expect(ringPushPayload(env, "ar", "r1", ["Stillness spreads like water finding its level."])).toMatchObject({ lang: "ar", dir: "rtl", url: "https://bell.example/ar/bell/r1" });
    expect(ringPushPayload(env, "en", "r1", ["Stillness spreads like water finding its level."])).toMatchObject({ lang: "en", dir: "ltr" });
    expect(ringPushPayload(env, "zh", "r1", ["Stillness spreads like water finding its level."])).toMatchObject({ lang: "zh-Hans", dir: "ltr" });
  });
});
