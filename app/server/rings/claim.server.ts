// The claim: the BellRoom creates a ring and takes its batch of wishes here, in one D1 batch.
import { HOUR_MS, RING_BATCH_SIZE, type NetworkRingRules } from "~/domain/limits";
import { RING_STATUS, sqlText, WISH_STATUS } from "~/domain/statuses";
import { LEDGER_SUM_QUERY, LEDGER_SUM_SQL, secondsFromLedger, simulatorStartSeconds } from "./credits.server";
import { readsChanged } from "../edge/read-cache.server";

export interface BatchWish {
  id: string;
  text: string;
}

export interface RingClaim {
  /** The ring's wishes, oldest first (that order assigns them to qubits); none when the ring was not created. */
  claimed: BatchWish[];
  pendingLeft: number;
  /** The simulator's seconds left as the claim saw them, when `ledgerCredits` asked the claim to check them. */
  creditsSeconds: number | null;
  /** Set when the ringer's network has had its share: why, and the seconds until it may ring again. */
  networkWait: NetworkWait | null;
}

const PENDING = `status = ${sqlText(WISH_STATUS.pending)} AND hidden = 0`;

/**
 * Creates a ring and moves its batch out of `pending` in one D1 batch (one round trip, one transaction). The batch
 * is fair (docs/product.md#one-person-one-share): at most one of the requested wishes, and only one the ringer itself wrote and still pending,
 * plus the oldest other pending wishes up to five, so no ring serves only its ringer while others wait. The ring row
 * is written only when some wish waits, while the ringer's network is outside its own cooldown and under its rings
 * per hour (`network`), and (with `ledgerCredits`) while the simulator's ledger has a second left. The move is
 * conditional on each wish still being pending: a wish can never be claimed by two rings, and a refused ring leaves
 * nothing behind. The same batch reads back what was claimed, how many wishes still wait and the network's share.
 */
export async function claimRing(
  env: Env,
  ring: { id: string; createdAt: number; provider: string; rungByHash: string; rungByNetwork?: string | null; virtual: boolean },
  {
    requestedIds = [],
    ledgerCredits = false,
    network = { cooldownMs: 0, ringsPerHour: Number.MAX_SAFE_INTEGER },
  }: { requestedIds?: string[]; ledgerCredits?: boolean; network?: NetworkRingRules } = {},
): Promise<RingClaim> {
  const requested = requestedIds.map(() => "?").join(", ");
  // The ringer's own wish among those it asked for, the oldest (ids are time-ordered ULIDs), one at most: the rule of
  // app/domain/ring-batch.ts. A scalar (NULL when there is none), so the plan reads indexes only.
  const own = requestedIds.length
    ? `(SELECT MIN(id) FROM wishes WHERE ${PENDING} AND fingerprint_hash = ? AND id IN (${requested}))`
    : "(SELECT NULL)";
  const ownValues = requestedIds.length ? [ring.rungByHash, ...requestedIds] : [];
  const creditsGuard = ledgerCredits ? `AND ? + ${LEDGER_SUM_SQL} >= 1` : "";
  const hourAgo = ring.createdAt - HOUR_MS;
  const rungByNetwork = ring.rungByNetwork ?? null;
  const networkRings = "FROM bell_rings WHERE rung_by_network = ? AND virtual = 0 AND created_at > ?";
  const [share, , , claimed, pending, ledger] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare(`SELECT COUNT(*) AS rings, MAX(created_at) AS lastAt ${networkRings}`).bind(rungByNetwork, hourAgo),
    env.DB.prepare(
      `INSERT INTO bell_rings (id, created_at, virtual, rung_by_hash, rung_by_network, provider, status, attempts)
       SELECT ?, ?, ?, ?, ?, ?, ${sqlText(RING_STATUS.queued)}, 0
       WHERE EXISTS (SELECT 1 FROM wishes WHERE ${PENDING})
         AND (SELECT COUNT(*) ${networkRings}) < ?
         AND NOT EXISTS (SELECT 1 ${networkRings}) ${creditsGuard}`,
    ).bind(
      ring.id, ring.createdAt, ring.virtual ? 1 : 0, ring.rungByHash, rungByNetwork, ring.provider,
      rungByNetwork, hourAgo, network.ringsPerHour,
      rungByNetwork, ring.createdAt - network.cooldownMs,
      ...(ledgerCredits ? [simulatorStartSeconds(env)] : []),
    ),
    env.DB.prepare(
      `UPDATE wishes SET status = ${sqlText(WISH_STATUS.submittedForBatching)}, bell_ring_id = ?
       WHERE (id = ${own}
           OR id IN (SELECT id FROM wishes WHERE ${PENDING} AND id IS NOT ${own} ORDER BY created_at, id
                     LIMIT ? - (${own} IS NOT NULL)))
         AND EXISTS (SELECT 1 FROM bell_rings WHERE id = ?)`,
    ).bind(ring.id, ...ownValues, ...ownValues, RING_BATCH_SIZE, ...ownValues, ring.id),
    env.DB.prepare("SELECT id, text FROM wishes WHERE bell_ring_id = ? ORDER BY created_at, id").bind(ring.id),
    env.DB.prepare(`SELECT COUNT(*) AS n FROM wishes WHERE ${PENDING}`),
    ...(ledgerCredits ? [env.DB.prepare(LEDGER_SUM_QUERY)] : []),
  ]);
  const wishesClaimed = claimed.results as unknown as BatchWish[];
  if (wishesClaimed.length > 0) readsChanged();
  const { rings, lastAt } = share.results[0] as { rings: number; lastAt: number | null };
  return {
    claimed: wishesClaimed,
    pendingLeft: (pending.results[0] as { n: number }).n,
    creditsSeconds: ledger ? secondsFromLedger(env, (ledger.results[0] as { sum: number }).sum) : null,
    networkWait: networkWait(network, rings, lastAt, ring.createdAt),
  };
}

export interface NetworkWait {
  reason: "cooldown" | "hourly";
  seconds: number;
}

/** Why and how long the network must still wait before its next ring, or null when it may ring now. */
function networkWait(rules: NetworkRingRules, rings: number, lastAt: number | null, now: number): NetworkWait | null {
  if (lastAt === null) return null;
  const cooldownLeft = lastAt + rules.cooldownMs - now;
  if (cooldownLeft > 0) return { reason: "cooldown", seconds: Math.ceil(cooldownLeft / 1000) };
  // Over its hourly rings: the newest of them leaving the hour bounds the wait from above.
  if (rings >= rules.ringsPerHour) return { reason: "hourly", seconds: Math.max(1, Math.ceil((lastAt + HOUR_MS - now) / 1000)) };
  return null;
}

/** D1 binds at most 100 values a statement: the networks are looked up this many at a time, in one batch. */
const NETWORKS_PER_LOOKUP = 90;

/**
 * When each of these networks last rang, for those that rang within the hour before `now` (the draw of ADR 0101
 * ranks a network that rang earlier, or never, as rested). One D1 round trip, through the rings' network index.
 */
export async function lastRingsOf(env: Env, networks: readonly string[], now: number): Promise<Map<string, number>> {
  const distinct = [...new Set(networks)];
  const last = new Map<string, number>();
  if (distinct.length === 0) return last;
  const chunks: string[][] = [];
  for (let i = 0; i < distinct.length; i += NETWORKS_PER_LOOKUP) chunks.push(distinct.slice(i, i + NETWORKS_PER_LOOKUP));
  const results = await env.DB.batch<{ network: string; at: number }>(
    chunks.map((chunk) =>
      env.DB.prepare(
        `SELECT rung_by_network AS network, MAX(created_at) AS at FROM bell_rings
         WHERE rung_by_network IN (${chunk.map(() => "?").join(", ")}) AND virtual = 0 AND created_at > ?
         GROUP BY rung_by_network`,
      ).bind(...chunk, now - HOUR_MS),
    ),
  );
  for (const { results: rows } of results) for (const row of rows) last.set(row.network, row.at);
  return last;
}
