import { ringCard } from "~/components/result/result-copy";
import { LOCALES } from "~/domain/locale";
import { OG_CARDS_KEPT, OG_CARDS_SWEPT_PER_RUN, OG_RINGS_PER_RUN, ogCardKeptSince, ogRingCardSince } from "~/domain/og-cards";
import type { RingImageFormat } from "~/domain/og-variant";
import { DEFAULT_SITE_NAME } from "~/domain/site";
import { RING_STATUS } from "~/domain/statuses";
import { translatorFor } from "~/i18n/catalogues.server";
import { ogImagePath } from "~/lib/meta";
import { log } from "../log.server";
import { getRingView } from "../rings.server";
import { readOgCard, storedCardKey, type OgCard } from "./card.server";

/**
 * Share cards drawn once and kept in D1, the one store every data centre reads (ADR 0050). An isolate's first card
 * costs about half a second of CPU (satori and resvg running for the first time); a kept one is one D1 read.
 */

export async function readStoredCard(db: D1Database, key: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const row = await db.prepare("SELECT png FROM og_cards WHERE key = ?").bind(key).first<{ png: ArrayBuffer | number[] }>();
  return row ? new Uint8Array(row.png) : null;
}

export async function storeCard(db: D1Database, key: string, png: Uint8Array, now: number, ringId: string | null = null): Promise<void> {
  await db
    .prepare("INSERT INTO og_cards (key, png, ring_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO NOTHING")
    .bind(key, png, ringId, now)
    .run();
}

type Render = (card: OgCard) => Promise<Uint8Array>;

const RING_FORMATS: readonly RingImageFormat[] = ["bell", "story"];

/** The cards a ring's page names in every language: its wide card (og:image) and its story image (the share sheet's). */
export function ringCards(ring: Parameters<typeof ringCard>[1], siteName: string): OgCard[] {
  return LOCALES.flatMap((locale) =>
    RING_FORMATS.map((format) => {
      const path = ogImagePath({ ...ringCard(translatorFor(locale), ring, siteName, format), lang: locale });
      return readOgCard(new URL(path, "http://card.invalid").searchParams, siteName);
    }),
  );
}

/**
 * The cron's step: draws the cards of the newest completed rings that have none kept yet (at most OG_RINGS_PER_RUN a
 * run, rings of the last OG_RING_CARD_DAYS), so a visitor's first /og for a ring is a D1 read, off the renderer; then
 * sweeps the kept cards. A ring whose card fails to draw is logged and tried again next run.
 */
export async function drawRingCards(env: Pick<Env, "DB" | "SITE_NAME">, render: Render, now = Date.now()): Promise<{ rings: number; cards: number; swept: number }> {
  const siteName = env.SITE_NAME || DEFAULT_SITE_NAME;
  const { results } = await env.DB.prepare(
    `SELECT id FROM bell_rings WHERE status = ? AND completed_at >= ?
       AND NOT EXISTS (SELECT 1 FROM og_cards WHERE og_cards.ring_id = bell_rings.id)
     ORDER BY completed_at DESC LIMIT ?`,
  )
    .bind(RING_STATUS.completed, ogRingCardSince(now), OG_RINGS_PER_RUN)
    .all<{ id: string }>();
  let cards = 0;
  for (const { id } of results) {
    const ring = await getRingView(env as Env, id);
    if (!ring) continue;
    try {
      for (const card of ringCards(ring, siteName)) {
        const key = storedCardKey(card);
        // A card already kept (drawn on a request) is marked as the ring's, not drawn again.
        const marked = await env.DB.prepare("UPDATE og_cards SET ring_id = ? WHERE key = ?").bind(id, key).run();
        if ((marked.meta.changes ?? 0) > 0) continue;
        await storeCard(env.DB, key, await render(card), now, id);
        cards++;
      }
    } catch (error) {
      log("warn", "og: a ring's cards could not be drawn", { ringId: id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { rings: results.length, cards, swept: await sweepKeptCards(env.DB, now) };
}

/** Deletes cards drawn over OG_CARD_KEEP_DAYS ago and those beyond the newest `kept`, at most `batch` of each a run. */
export async function sweepKeptCards(db: D1Database, now: number, { kept = OG_CARDS_KEPT, batch = OG_CARDS_SWEPT_PER_RUN } = {}): Promise<number> {
  const results = await db.batch([
    db.prepare("DELETE FROM og_cards WHERE key IN (SELECT key FROM og_cards WHERE created_at < ? LIMIT ?)").bind(ogCardKeptSince(now), batch),
    db.prepare("DELETE FROM og_cards WHERE key IN (SELECT key FROM og_cards ORDER BY created_at DESC, key LIMIT ? OFFSET ?)").bind(batch, kept),
  ]);
  return results.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
}
