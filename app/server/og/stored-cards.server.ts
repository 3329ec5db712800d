import { ringCard } from "~/domain/ring-card";
import { LOCALES } from "~/domain/locale";
import { DAY_MS } from "~/domain/limits";
import {
  OG_CARDS_KEPT,
  OG_CARDS_PER_RUN,
  OG_CARDS_SWEPT_PER_RUN,
  OG_RING_CARD_DAYS,
  OG_RINGS_PER_RUN,
  ogCardKeptSince,
  ogRingCardSince,
} from "~/domain/og-cards";
import type { RingImageFormat } from "~/domain/og-variant";
import { RING_STATUS } from "~/domain/statuses";
import { translatorFor } from "~/i18n/catalogues.server";
import { ogImagePath } from "~/lib/meta";
import { log } from "../edge/log.server";
import { settingsOf } from "../edge/settings.server";
import { getRingView } from "../rings/ring-view.server";
import { readOgCard, storedCardKey, type OgCard } from "./card.server";

/**
 * Share cards drawn once and kept in D1, the one store every data centre reads (ADR 0050). An isolate's first card
 * costs about half a second of CPU (satori and resvg running for the first time); a kept one is one D1 read.
 */

export async function readStoredCard(db: D1Database, key: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const row = await db.prepare("SELECT png FROM og_cards WHERE key = ?").bind(key).first<{ png: ArrayBuffer | number[] }>();
  return row ? new Uint8Array(row.png) : null;
}

const isStored = async (db: D1Database, key: string) => (await db.prepare("SELECT 1 AS kept FROM og_cards WHERE key = ?").bind(key).first()) !== null;

export async function storeCard(db: D1Database, key: string, png: Uint8Array, now: number): Promise<void> {
  await db.prepare("INSERT INTO og_cards (key, png, created_at) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING").bind(key, png, now).run();
}

type Render = (card: OgCard) => Promise<Uint8Array>;

const RING_FORMATS: readonly RingImageFormat[] = ["bell", "story"];

/**
 * The cards a ring's pages name, in every language: its wide cards (og:image, what link previews fetch) first, then
 * its story images (the share sheet's).
 */
export function ringCards(ring: Parameters<typeof ringCard>[1], siteName: string, origin: string): OgCard[] {
  return RING_FORMATS.flatMap((format) =>
    LOCALES.map((locale) => {
      const path = ogImagePath({ ...ringCard(translatorFor(locale), ring, siteName, format, locale), lang: locale });
      // The same origin /og reads a card with (SITE_URL), so the kept card carries the same short link.
      return readOgCard(new URL(path, "http://card.invalid").searchParams, siteName, origin);
    }),
  );
}

/**
 * The cron's step: draws the cards of the newest completed rings of the last OG_RING_CARD_DAYS that are not done yet,
 * at most OG_CARDS_PER_RUN cards a run, so a visitor's first /og for a ring is a D1 read, off the renderer. A ring is
 * done once each of its cards is kept (drawn now, or already kept: two rings can share a card), or when one fails to
 * draw (logged; what is left is drawn on its first request). Then sweeps what is kept.
 */
export async function drawRingCards(env: Env, render: Render, now = Date.now()): Promise<{ rings: number; cards: number; swept: number }> {
  const siteName = settingsOf(env).SITE_NAME;
  const { results } = await env.DB.prepare(
    `SELECT id FROM bell_rings WHERE status = ? AND completed_at >= ?
       AND NOT EXISTS (SELECT 1 FROM og_ring_cards WHERE og_ring_cards.ring_id = bell_rings.id)
     ORDER BY completed_at DESC LIMIT ?`,
  )
    .bind(RING_STATUS.completed, ogRingCardSince(now), OG_RINGS_PER_RUN)
    .all<{ id: string }>();
  let attempts = 0;
  let cards = 0;
  let rings = 0;
  rings: for (const { id } of results) {
    const ring = await getRingView(env as Env, id);
    for (const card of ring ? ringCards(ring, siteName, settingsOf(env).SITE_URL) : []) {
      const key = storedCardKey(card);
      if (await isStored(env.DB, key)) continue;
      if (attempts >= OG_CARDS_PER_RUN) break rings;
      attempts++;
      try {
        await storeCard(env.DB, key, await render(card), now);
        cards++;
      } catch (error) {
        // Given up, not retried every run: the ring's cards left are drawn on their first request.
        log("warn", "og: a ring's card could not be drawn", { ringId: id, error: error instanceof Error ? error.message : String(error) });
        break;
      }
    }
    await env.DB.prepare("INSERT INTO og_ring_cards (ring_id, drawn_at) VALUES (?, ?) ON CONFLICT (ring_id) DO NOTHING").bind(id, now).run();
    rings++;
  }
  return { rings, cards, swept: await sweepKeptCards(env.DB, now) };
}

/**
 * Deletes cards drawn over OG_CARD_KEEP_DAYS ago and those beyond the newest `kept`, at most `batch` of each a run,
 * and the marks of rings past the cron's window.
 */
export async function sweepKeptCards(db: D1Database, now: number, { kept = OG_CARDS_KEPT, batch = OG_CARDS_SWEPT_PER_RUN } = {}): Promise<number> {
  const results = await db.batch([
    db.prepare("DELETE FROM og_cards WHERE key IN (SELECT key FROM og_cards WHERE created_at < ? LIMIT ?)").bind(ogCardKeptSince(now), batch),
    db.prepare("DELETE FROM og_cards WHERE key IN (SELECT key FROM og_cards ORDER BY created_at DESC, key LIMIT ? OFFSET ?)").bind(batch, kept),
    db.prepare("DELETE FROM og_ring_cards WHERE ring_id IN (SELECT ring_id FROM og_ring_cards WHERE drawn_at < ? LIMIT ?)").bind(now - (OG_RING_CARD_DAYS + 1) * DAY_MS, batch),
  ]);
  return results.slice(0, 2).reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
}
