import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOCALES, localizePath } from "~/domain/locale";
import { DAY_MS } from "~/domain/limits";
import { ulid } from "ulidx";
import { OG_CARD_KEEP_DAYS, OG_RING_CARD_DAYS } from "~/domain/og-cards";
import { readOgCard, storedCardKey } from "~/server/og/card.server";
import { drawCompletedRingCards } from "~/server/og/og.server";
import { signOgPath } from "~/server/og/signature.server";
import { drawRingCards, readStoredCard, storeCard, sweepKeptCards } from "~/server/og/stored-cards.server";
import { ORIGIN, submit } from "../support/api";
import { builtWorker as worker } from "../support/build";

// ADR 0050: a share card is drawn once and kept in D1, so an isolate's first /og for it is a read, not satori and
// resvg running for the first time; the cron draws a completed ring's cards before its first visitor asks.

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
const keyOf = (path: string) => storedCardKey(readOgCard(new URL(path, ORIGIN).searchParams, env.SITE_NAME));
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const og = (path: string) => exports.default.fetch(`${ORIGIN}${path}`);

/** Runs the Worker with `overrides` in its env and waits for everything it left in waitUntil. */
async function fetchWith(path: string, overrides: Partial<Env> = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${ORIGIN}${path}`) as Parameters<typeof worker.fetch>[0], { ...env, ...overrides }, ctx);
  const body = await bytesOf(response);
  await waitOnExecutionContext(ctx);
  return { response, body };
}

const keptCount = async (key: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM og_cards WHERE key = ?").bind(key).first<{ n: number }>())!.n;

async function completedRing(completedAt: number, ringId = `ring-${crypto.randomUUID()}`) {
  const ids: string[] = [];
  for (const country of ["Japan", "Chile"]) {
    ids.push((await submit({ wish: `May every harbour in ${country} welcome the boats home`, country })).json.wishId as string);
  }
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO bell_rings (id, created_at, provider, status, bitstring, counts, poem, completed_at) VALUES (?, ?, 'simulator', 'completed', '10', '{\"10\":60,\"01\":40}', 'A poem', ?)",
    ).bind(ringId, completedAt - 60_000, completedAt),
    ...ids.map((id) => env.DB.prepare("UPDATE wishes SET status = 'entangled', bell_ring_id = ? WHERE id = ?").bind(ringId, id)),
  ]);
  return ringId;
}

/** The card a page names in its og:image, as a path. */
async function ogImageOf(pagePath: string): Promise<string> {
  const html = await (await og(pagePath)).text();
  const content = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  expect(content, pagePath).toBeDefined();
  const url = new URL(content!.replaceAll("&amp;", "&"));
  return `${url.pathname}${url.search}`;
}

describe("/og serves a kept card", () => {
  it("answers with the kept PNG, without drawing it", async () => {
    const path = await signOgPath(env, "/og?title=Kept%20in%20D1&variant=wish");
    const kept = new Uint8Array([...PNG_SIGNATURE, ...new TextEncoder().encode("kept, never drawn")]);
    await storeCard(env.DB, keyOf(path), kept, Date.now());
    const response = await og(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(await bytesOf(response)).toEqual(kept);
  });

  it("keeps a card it drew for a page, so every other isolate and data centre reads it instead", async () => {
    const path = await signOgPath(env, `/og?title=${encodeURIComponent(`Drawn once ${crypto.randomUUID()}`)}&variant=article`);
    const { response, body } = await fetchWith(path);
    expect(response.status).toBe(200);
    expect([...body.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(await readStoredCard(env.DB, keyOf(path))).toEqual(body);
  });

  it("keeps no card that fell back to the default one, and still answers", async () => {
    const path = await signOgPath(env, "/og?title=%D8%A3%D8%AA%D9%85%D9%86%D9%89%20%D8%A7%D9%84%D8%B3%D9%84%D8%A7%D9%85&variant=wish");
    const noFonts = { fetch: async () => new Response("gone", { status: 503 }) } as unknown as Fetcher;
    const { response, body } = await fetchWith(path, { ASSETS: noFonts });
    expect(response.status).toBe(200);
    expect([...body.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(await keptCount(keyOf(path))).toBe(0);
  });

  it("draws the card when D1 cannot be read", async () => {
    const path = await signOgPath(env, `/og?title=${encodeURIComponent(`D1 down ${crypto.randomUUID()}`)}`);
    const broken = new Proxy({} as D1Database, {
      get: () => () => {
        throw new Error("D1 is unavailable");
      },
    });
    const { response, body } = await fetchWith(path, { DB: broken });
    expect(response.status).toBe(200);
    expect([...body.slice(0, 8)]).toEqual(PNG_SIGNATURE);
  });
});

describe("the cron draws a completed ring's cards", () => {
  const marked = async (ringId: string) =>
    (await env.DB.prepare("SELECT COUNT(*) AS n FROM og_ring_cards WHERE ring_id = ?").bind(ringId).first<{ n: number }>())!.n === 1;
  // The Worker's scheduled handler, as the cron trigger runs it. (The test's own import of the renderer would be a second
  // copy of its modules in this isolate, which resvg's one-time start refuses.)
  async function cron(scheduledTime: number) {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime }), env, ctx);
    await waitOnExecutionContext(ctx);
  }
  const storyCards = async () =>
    (await env.DB.prepare("SELECT COUNT(*) AS n FROM og_cards WHERE key LIKE '/og?%variant=story-10%'").first<{ n: number }>())!.n;

  it("keeps the card every language's ring page names, and the ring page's /og serves it", { timeout: 120_000 }, async () => {
    const now = Date.now();
    const ringId = await completedRing(now - 5_000);
    await cron(now);
    // The first run draws the wide cards (what link previews fetch), one per language, and stops at its budget.
    for (const locale of LOCALES) {
      const card = await ogImageOf(localizePath(`/bell/${ringId}`, locale));
      const kept = await readStoredCard(env.DB, keyOf(card));
      expect(kept, `${locale}: ${card}`).not.toBeNull();
      expect(await bytesOf(await og(card))).toEqual(kept);
    }
    expect(await storyCards()).toBe(0);
    expect(await marked(ringId)).toBe(false);
    // The next run draws the story images, and the ring is done: nothing is drawn for it again.
    await cron(now + 60_000);
    expect(await storyCards()).toBe(LOCALES.length);
    expect(await marked(ringId)).toBe(true);
    expect(await drawCompletedRingCards(env, now + 120_000)).toMatchObject({ rings: 0, cards: 0 });
  });

  it("finishes a ring whose cards another ring already has, without drawing them again", async () => {
    const now = Date.now();
    const twin = await completedRing(now - 1_000);
    expect(await drawCompletedRingCards(env, now)).toMatchObject({ rings: 1, cards: 0 });
    expect(await marked(twin)).toBe(true);
  });

  it("draws a ring's story image with the short link /og would draw it with: the site's own origin", async () => {
    const now = Date.now() + 50 * DAY_MS;
    const ringId = await completedRing(now - 1_000, ulid(now - 60_000));
    // Counts of its own give it a verse, and so cards, of its own (ADR 0091).
    await env.DB.prepare(`UPDATE bell_rings SET counts = '{"10":61,"01":39}' WHERE id = ?`).bind(ringId).run();
    const drawn: { variant: string; link: string | null }[] = [];
    const record = async (card: { variant: string; link: string | null }) => (drawn.push(card), new Uint8Array(PNG_SIGNATURE));
    // A run draws OG_CARDS_PER_RUN cards: the wide ones first, the story images on the next run.
    await drawRingCards(env, record, now);
    await drawRingCards(env, record, now + 60_000);
    const stories = drawn.filter((card) => card.variant === "story");
    expect(stories.length).toBeGreaterThan(0);
    for (const card of stories) expect(card.link).toBe(`${env.SITE_URL.replace(/\/+$/, "")}/bell/${ringId}`);
  });

  it("gives a ring up after a card fails to draw, leaving it to its first request", async () => {
    const now = Date.now() + 100 * DAY_MS;
    const failing = await completedRing(now - 1_000);
    await env.DB.prepare(`UPDATE bell_rings SET counts = '{"10":62,"01":38}' WHERE id = ?`).bind(failing).run();
    const broken = async () => Promise.reject(new Error("the renderer failed"));
    expect(await drawRingCards(env, broken, now)).toMatchObject({ rings: 1, cards: 0 });
    expect(await marked(failing)).toBe(true);
    expect(await drawRingCards(env, broken, now + 60_000)).toMatchObject({ rings: 0 });
  });

  it("leaves rings completed before OG_RING_CARD_DAYS to their first request, and forgets cards after OG_CARD_KEEP_DAYS", async () => {
    const now = Date.now() + 400 * DAY_MS;
    const ringId = await completedRing(now - (OG_RING_CARD_DAYS + 1) * DAY_MS);
    const old = await signOgPath(env, "/og?title=Drawn%20long%20ago");
    await storeCard(env.DB, keyOf(old), new Uint8Array(PNG_SIGNATURE), now - (OG_CARD_KEEP_DAYS + 1) * DAY_MS);
    const run = await drawCompletedRingCards(env, now);
    expect(run).toMatchObject({ rings: 0, cards: 0 });
    expect(await marked(ringId)).toBe(false);
    expect(await keptCount(keyOf(old))).toBe(0);
    expect(run.swept).toBeGreaterThanOrEqual(1);
  });

  it("keeps the newest cards only, however young the rest", async () => {
    const now = Date.now() + 800 * DAY_MS;
    const keys = Array.from({ length: 5 }, (_, i) => `/og?title=bounded-${i}`);
    for (const [i, key] of keys.entries()) await storeCard(env.DB, key, new Uint8Array(PNG_SIGNATURE), now - (5 - i) * 1000);
    await env.DB.prepare("DELETE FROM og_cards WHERE key NOT LIKE '/og?title=bounded-%'").run();
    expect(await sweepKeptCards(env.DB, now, { kept: 3, batch: 10 })).toBe(2);
    const left = (await env.DB.prepare("SELECT key FROM og_cards ORDER BY key").all<{ key: string }>()).results.map((row) => row.key);
    expect(left).toEqual(keys.slice(2));
  });
});
