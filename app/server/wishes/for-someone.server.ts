import { and, eq, isNull } from "drizzle-orm";
import { FOR_TOKEN_PATTERN } from "~/domain/for-someone";
import type { PublicWish } from "~/domain/public-wish";
import { RING_STATUS } from "~/domain/statuses";
import type { Locale } from "~/domain/locale";
import { ringVerse } from "~/domain/verse/verse";
import { database } from "../db/client.server";
import { verseSources } from "../rings/verse.server";
import { bellRings, wishes } from "../db/schema";
import { toPublicWish } from "./wishes.server";

export interface WishForSomeone {
  /** The name its writer gave the person it is for. */
  forName: string;
  wish: PublicWish;
  /** The ring that took it, once that ring has its result, with its verse in the page's language (ADR 0091). */
  ring: { id: string; verse: string[] } | null;
}

/**
 * The personal page's wish, by its token: only while the wish may be seen (not hidden by moderation, not withdrawn),
 * so reports and withdrawal take the page down with the wish.
 */
export async function wishForSomeone(env: Env, token: string, locale: Locale): Promise<WishForSomeone | null> {
  if (!FOR_TOKEN_PATTERN.test(token)) return null;
  const db = database(env);
  const row = await db.query.wishes.findFirst({ where: and(eq(wishes.forToken, token), eq(wishes.hidden, false), isNull(wishes.withdrawnAt)) });
  if (!row?.forName) return null;
  let ring: WishForSomeone["ring"] = null;
  if (row.bellRingId) {
    const rung = await db.query.bellRings.findFirst({ where: eq(bellRings.id, row.bellRingId), columns: { id: true, status: true } });
    const verse = rung?.status === RING_STATUS.completed ? ringVerse((await verseSources(env, [rung.id])).get(rung.id) ?? { bitstring: null, counts: null, wishes: [] }, locale) : null;
    if (rung && verse) ring = { id: rung.id, verse };
  }
  return { forName: row.forName, wish: toPublicWish(row), ring };
}
