// The verse of a stored ring (ADR 0091), for what is not a ring's page: the history, mails, push texts, the socket.
// Written from what the ring stores, never stored itself, so every ring, old or new, has its verse in every language.
import type { Theme } from "~/domain/theme";
import type { VerseSource } from "~/domain/verse/verse";

interface VerseRow {
  ring_id: string;
  bitstring: string | null;
  counts: string | null;
  theme: Theme | null;
  country_code: string | null;
}

function parsedCounts(json: string | null): Record<string, number> | null {
  try {
    const parsed: unknown = json ? JSON.parse(json) : null;
    return parsed && typeof parsed === "object" ? (parsed as Record<string, number>) : null;
  } catch {
    return null;
  }
}

/**
 * What the verses of these rings are written from, by ring id: the measured bits and counts, and the wishes the
 * ring's page shows (not hidden, not withdrawn), in the page's order. One read for any number of rings.
 */
export async function verseSources(env: Env, ringIds: readonly string[]): Promise<Map<string, VerseSource>> {
  const sources = new Map<string, VerseSource>();
  if (ringIds.length === 0) return sources;
  const marks = ringIds.map(() => "?").join(", ");
  const { results } = await env.DB.prepare(
    `SELECT r.id AS ring_id, r.bitstring, r.counts, w.theme, w.country_code
       FROM bell_rings r LEFT JOIN wishes w ON w.bell_ring_id = r.id AND w.hidden = 0 AND w.withdrawn_at IS NULL
      WHERE r.id IN (${marks})
      ORDER BY r.id, w.created_at, w.id`,
  )
    .bind(...ringIds)
    .all<VerseRow>();
  const wishesOf = new Map<string, { theme: Theme; countryCode: string | null }[]>();
  for (const row of results) {
    let wishes = wishesOf.get(row.ring_id);
    if (!wishes) {
      wishesOf.set(row.ring_id, (wishes = []));
      sources.set(row.ring_id, { bitstring: row.bitstring, counts: parsedCounts(row.counts), wishes });
    }
    if (row.theme) wishes.push({ theme: row.theme, countryCode: row.country_code });
  }
  return sources;
}
