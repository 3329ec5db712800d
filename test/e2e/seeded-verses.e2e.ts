import { describe, expect, it } from "vitest";
import { queryLocal } from "../../scripts/lib/wrangler.mjs";
import { baseURL, persistDir } from "./support/browser";

// Issue 45: the seeded world (scripts/seed.ts, what `npm start` seeds, and this site's database) reads as rings with
// verses of their own: at least 95 % of its rings' verses in /api/bell/history are distinct, in English and in
// Arabic (the API's language follows Accept-Language; ADR 0091). Before, 103 rings shared 18 lines.

type History = { history: { id: string; status: string; poem: string | null }[]; total: number };

/**
 * The seed's own rings (scripts/seed.ts marks them rung by "seed"): other journeys ring on this site too, and their
 * rings of one test wish are not the seeded world this counts.
 */
const seededRings = () => new Set(queryLocal<{ id: string }>("SELECT id FROM bell_rings WHERE rung_by_hash = 'seed'", persistDir()).map((row) => row.id));

async function completedVerses(language: string): Promise<string[]> {
  const seeded = seededRings();
  const verses: string[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${baseURL()}/api/bell/history?page=${page}&pageSize=50`, { headers: { "Accept-Language": language } });
    expect(response.status).toBe(200);
    const { history, total } = (await response.json()) as History;
    for (const ring of history) if (seeded.has(ring.id) && ring.status === "completed" && ring.poem) verses.push(ring.poem);
    if (page * 50 >= total) return verses;
  }
}

describe("the seeded world's rings", () => {
  it.each(["en", "ar"])("have distinct verses in /api/bell/history (%s)", { timeout: 60_000 }, async (language) => {
    const verses = await completedVerses(language);
    const distinct = new Set(verses).size;
    console.log(`${language}: ${distinct} distinct verses of ${verses.length} completed rings (${((100 * distinct) / verses.length).toFixed(1)} %)`);
    // The history pages reach back as far as the API lets them: with the rings other journeys add, some of the seed's
    // oldest fall past its end, so this counts the seed's rings it can reach (99 on a site no journey rang on).
    expect(verses.length, "the seed's rings").toBeGreaterThan(50);
    expect(distinct / verses.length).toBeGreaterThanOrEqual(0.95);
    for (const verse of verses) expect(verse.split("\n").length, verse).toBeGreaterThanOrEqual(2);
  });
});
