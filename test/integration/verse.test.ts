import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES, localizePath, type Locale } from "~/domain/locale";
import { FIRST_LINE_COUNT, verseLines } from "~/domain/verse/verse";
import { call } from "../support/api";
import { servedPage } from "../support/served-page";

// Issue 45: a verse written for each ring (ADR 0091). The ring page's heading is the whole verse in the page's
// language, and every page that says how the verse is made says the number of first lines the code has.

const RING_ID = "verse-ring-0001";
const COUNTS = { "101": 58, "100": 19, "001": 14, "111": 9 };
const WISHES = [
  { text: "May peace come home to every harbour.", theme: "Peace", code: "JP", country: "Japan" },
  { text: "Love for the neighbours who disagree.", theme: "Love", code: "IL", country: "Israel" },
  { text: "I hope the valley's children grow up unafraid.", theme: "Hope", code: "IT", country: "Italy" },
] as const;
const RING = { bitstring: "101", counts: COUNTS, wishes: WISHES.map((wish) => ({ theme: wish.theme, countryCode: wish.code })) };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: "\u00a0" };
const readable = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x27|#39|amp|lt|gt|quot|nbsp);/g, (_, name: string) => ENTITIES[name])
    .replace(/[ \t\n\r]+/g, " ")
    .trim();

/** The text of the page's only h1, as a reader meets it. */
function heading(html: string): string {
  const headings = html.match(/<h1\b[^>]*>[\s\S]*?<\/h1>/g) ?? [];
  expect(headings).toHaveLength(1);
  return readable(headings[0] ?? "");
}

beforeAll(async () => {
  const at = Date.UTC(2026, 11, 1, 12);
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO bell_rings (id, created_at, virtual, rung_by_hash, provider, backend, job_id, status, attempts, bitstring, counts, poem, usage_seconds, completed_at)
       VALUES (?, ?, 0, 'verse', 'simulator', 'simulator', 'verse-job', 'completed', 1, ?, ?, 'Stillness spreads like water finding its level.', 1, ?)`,
    ).bind(RING_ID, at, RING.bitstring, JSON.stringify(COUNTS), at + 2_000),
    ...WISHES.map((wish, index) =>
      env.DB.prepare(
        `INSERT INTO wishes (id, text, name, country, country_code, location, theme, status, bell_ring_id, fingerprint_hash, resonance_count, created_at)
         VALUES (?, ?, NULL, ?, ?, ?, ?, 'entangled', ?, ?, 0, ?)`,
      ).bind(`verse-wish-${index}`, wish.text, wish.country, wish.code, wish.country, wish.theme, RING_ID, `verse-${index}`, at - 60_000 + index),
    ),
  ]);
});

describe("the ring page's heading is the ring's whole verse, in the page's language", () => {
  it.each(["en", "ar", "zh", "hi"] as const)("%s", async (locale) => {
    const html = await servedPage(localizePath(`/bell/${RING_ID}`, locale));
    const verse = verseLines(RING, locale);
    expect(verse).toHaveLength(3);
    expect(heading(html)).toBe(verse.join(" "));
    // Not the line the row stored under the old rule: the verse is written again from the ring, in this language.
    if (locale !== "en") expect(heading(html)).not.toMatch(/[A-Za-z]{3}/);
    expect(html).toMatch(new RegExp(`<html lang="${locale === "zh" ? "zh-Hans" : locale}"`));
  });
});

/** How each language's pages say the first line is chosen, with the code's number. */
const FIRST_LINES_SAID: Record<Locale, { pages: string; ringPage: string }> = {
  en: { pages: `from ${FIRST_LINE_COUNT} lines written by hand`, ringPage: `The bits choose that line from ${FIRST_LINE_COUNT} lines` },
  es: { pages: `entre ${FIRST_LINE_COUNT} versos escritos a mano`, ringPage: `Los bits eligen ese verso entre ${FIRST_LINE_COUNT} versos` },
  fr: { pages: `parmi ${FIRST_LINE_COUNT} vers écrits à la main`, ringPage: `Les bits choisissent ce vers parmi ${FIRST_LINE_COUNT} vers` },
  ar: { pages: `من بين ${FIRST_LINE_COUNT} سطرًا كُتبت باليد`, ringPage: `تختار البتات ذلك السطر من بين ${FIRST_LINE_COUNT} سطرًا` },
  hi: { pages: `हाथ से लिखी ${FIRST_LINE_COUNT} पंक्तियों में से`, ringPage: `बिट्स वह पंक्ति ${FIRST_LINE_COUNT} पंक्तियों में से चुनते हैं` },
  zh: { pages: `从 ${FIRST_LINE_COUNT} 句手写的诗中选出`, ringPage: `比特从 ${FIRST_LINE_COUNT} 句诗中选出这一行` },
};

describe("the pages say how many lines the bits choose the first line from, as the code has it", () => {
  it.each(LOCALES)("%s: /why, /faq and the ring page", async (locale) => {
    for (const path of ["/why", "/faq"]) {
      const text = readable(await servedPage(localizePath(path, locale)));
      expect(text, path).toContain(FIRST_LINES_SAID[locale].pages);
    }
    expect(readable(await servedPage(localizePath(`/bell/${RING_ID}`, locale)))).toContain(FIRST_LINES_SAID[locale].ringPage);
  });
});

describe("GET /api/bell/history", () => {
  type History = { history: { id: string; poem: string | null }[]; total: number };

  /** This file's ring in the history, page by page (other files' rings may be newer), and the answer's Vary. */
  async function historyPoem(headers: Record<string, string> = {}): Promise<{ poem: string | null | undefined; vary: string | null }> {
    for (let page = 1; ; page++) {
      const { json, headers: answered } = await call<History>(`/api/bell/history?page=${page}&pageSize=50`, { headers });
      const found = json.history.find((ring) => ring.id === RING_ID);
      if (found || page * 50 >= json.total) return { poem: found?.poem, vary: answered.get("Vary") };
    }
  }

  it("answers each ring's whole verse, a line each, in the request's language, English by default", async () => {
    const english = await historyPoem();
    expect(english.poem).toBe(verseLines(RING, "en").join("\n"));
    expect(english.vary).toContain("Accept-Language");
    expect((await historyPoem({ "Accept-Language": "ar" })).poem).toBe(verseLines(RING, "ar").join("\n"));
    expect((await historyPoem({ "Accept-Language": "zh-CN,zh;q=0.9" })).poem).toBe(verseLines(RING, "zh").join("\n"));
  });
});
