import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { BELL_HISTORY_PAGE_SIZE, HOUR_MS, RING_BATCH_SIZE, SHOTS, type NetworkRingRules } from "~/domain/limits";
import { BATCH_FAILED, BATCH_GAVE_UP, WISH_WITHDRAWN } from "~/domain/messages";
import type { PublicWish } from "~/domain/public-wish";
import { RING_STATUS, sqlList, sqlText, WISH_STATUS } from "~/domain/statuses";
import { poemFor } from "~/domain/poem";
import type { DiagramGate, RingHistoryItem, RingStatus, RingView } from "~/domain/ring-view";
import { buildCircuit } from "~/domain/circuit";
import { LEDGER_SUM_QUERY, LEDGER_SUM_SQL, secondsFromLedger, simulatorStartSeconds } from "./credits.server";
import { database } from "./db/client.server";
import { bellRings, wishes } from "./db/schema";
import { readsChanged } from "./read-cache.server";
import { toPublicWish, type WishRow } from "./wishes.server";

type RingRow = typeof bellRings.$inferSelect;

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

/** When the bell last really rang (a virtual ring starts no cooldown), or null before the first ring. */
export async function lastRingAt(env: Env): Promise<number | null> {
  const [row] = await database(env)
    .select({ at: sql<number | null>`MAX(${bellRings.createdAt})` })
    .from(bellRings)
    .where(eq(bellRings.virtual, false));
  return row?.at ?? null;
}

/** A ring's wishes, each with its country (none for a hidden wish, which no public count holds). */
export async function ringWishes(env: Env, ringId: string): Promise<(BatchWish & { country: string | null; countryCode: string | null })[]> {
  return database(env)
    .select({
      id: wishes.id,
      text: wishes.text,
      country: sql<string | null>`CASE WHEN ${wishes.hidden} = 0 THEN ${wishes.country} END`,
      countryCode: sql<string | null>`CASE WHEN ${wishes.hidden} = 0 THEN ${wishes.countryCode} END`,
    })
    .from(wishes)
    .where(eq(wishes.bellRingId, ringId))
    .orderBy(asc(wishes.createdAt), asc(wishes.id));
}

/**
 * A job-creation request is about to leave: stamped before it does, so a lost answer still counts toward the
 * provider's per-minute limit, and the ring is not picked up again before `nextAttemptAt` (the request's deadline).
 */
export async function recordSubmitStart(env: Env, ringId: string, at: number, nextAttemptAt: number) {
  await database(env)
    .update(bellRings)
    .set({ submitStartedAt: at, nextAttemptAt, jobRequests: sql`${bellRings.jobRequests} + 1` })
    .where(eq(bellRings.id, ringId));
}

/** The ring's jobs as the provider lists them: what its creation requests really made. */
export async function recordJobRequests(env: Env, ringId: string, count: number) {
  await database(env).update(bellRings).set({ jobRequests: count }).where(eq(bellRings.id, ringId));
}

/** A job-creation request the provider refused outright made no job: it does not count toward the ring's jobs. */
export async function refundJobRequest(env: Env, ringId: string) {
  await database(env)
    .update(bellRings)
    .set({ jobRequests: sql`MAX(0, ${bellRings.jobRequests} - 1)` })
    .where(eq(bellRings.id, ringId));
}

/** A status read failed: counted apart from the submission's attempts, and asked again at `nextAttemptAt`. */
export async function recordReadFailure(
  env: Env,
  ringId: string,
  update: { readFailures: number; unknownSince: number; nextAttemptAt: number; error: string },
) {
  await database(env)
    .update(bellRings)
    .set({ readFailures: update.readFailures, unknownSince: update.unknownSince, nextAttemptAt: update.nextAttemptAt, error: update.error })
    .where(eq(bellRings.id, ringId));
}

/** Attempts spent while a job of the ring may exist: the ring only looks it up from now on, at `nextAttemptAt`. */
export async function recordLookupPending(env: Env, ringId: string, update: { attempts: number; unknownSince: number; nextAttemptAt: number; error: string }) {
  await database(env)
    .update(bellRings)
    .set({ attempts: update.attempts, unknownSince: update.unknownSince, nextAttemptAt: update.nextAttemptAt, error: update.error, status: RING_STATUS.queued, jobId: null })
    .where(eq(bellRings.id, ringId));
}

/** A status read went through: the read budget starts again. */
export async function recordReadSuccess(env: Env, ringId: string) {
  await database(env).update(bellRings).set({ readFailures: 0, unknownSince: null, error: null }).where(eq(bellRings.id, ringId));
}

/**
 * Gives up on a ring whose job may still run: failed for visitors, but its wishes stay with it (never rung in a second
 * paid job) until the operator, having checked the job, releases them in /admin.
 */
export async function holdRing(env: Env, ringId: string, error: string, now: number) {
  await env.DB.prepare(
    `UPDATE bell_rings SET status = ${sqlText(RING_STATUS.failed)}, wishes_held = 1, error = ?, completed_at = ?, next_attempt_at = NULL
     WHERE id = ? AND status != ${sqlText(RING_STATUS.completed)}`,
  )
    .bind(error, now, ringId)
    .run();
  readsChanged();
}

/** The operator's release of a held ring's wishes: they wait for a ring again. Returns how many were released. */
export async function releaseHeldWishes(env: Env, ringId: string): Promise<number> {
  const [released] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE wishes SET status = ${sqlText(WISH_STATUS.pending)}, bell_ring_id = NULL WHERE bell_ring_id = ? AND status = ${sqlText(WISH_STATUS.submittedForBatching)}
         AND EXISTS (SELECT 1 FROM bell_rings WHERE id = ? AND wishes_held = 1)`,
    ).bind(ringId, ringId),
    env.DB.prepare("UPDATE bell_rings SET wishes_held = 0, error = error || ? WHERE id = ? AND wishes_held = 1").bind(
      ` Released by the operator at ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC.`,
      ringId,
    ),
  ]);
  readsChanged();
  return released.meta.changes ?? 0;
}

/** Job-creation requests sent to a provider since `since` (IBM allows a few a minute per user). */
export async function submissionsSince(env: Env, provider: string, since: number): Promise<{ count: number; oldest: number | null }> {
  const row = await env.DB.prepare(
    "SELECT COUNT(*) AS count, MIN(submit_started_at) AS oldest FROM bell_rings WHERE submit_started_at > ? AND provider = ?",
  )
    .bind(since, provider)
    .first<{ count: number; oldest: number | null }>();
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export interface SubmissionRecord {
  jobId: string;
  backend: string;
  qasm: string | null;
  physicalQubits: number[];
}

export async function recordSubmission(env: Env, ringId: string, job: SubmissionRecord, attempts: number, now: number) {
  await database(env)
    .update(bellRings)
    .set({
      jobId: job.jobId,
      backend: job.backend,
      status: RING_STATUS.running,
      attempts,
      error: null,
      nextAttemptAt: null,
      submittedAt: now,
      readFailures: 0,
      unknownSince: null,
      qasm: job.qasm,
      physicalQubits: job.physicalQubits.length ? JSON.stringify(job.physicalQubits) : null,
    })
    .where(eq(bellRings.id, ringId));
}

/** A submit or poll that failed but will be tried again at `nextAttemptAt`. */
export async function recordRetry(env: Env, ringId: string, update: { attempts: number; error: string; nextAttemptAt: number; resubmit: boolean }) {
  await database(env)
    .update(bellRings)
    .set({
      attempts: update.attempts,
      error: update.error,
      nextAttemptAt: update.nextAttemptAt,
      ...(update.resubmit ? { status: RING_STATUS.queued, jobId: null } : {}),
    })
    .where(eq(bellRings.id, ringId));
}

/** Asks again at `nextAttemptAt`, with no attempt counted (a job still queued, a provider's rate limit). */
export async function postponePoll(env: Env, ringId: string, nextAttemptAt: number, note?: string) {
  await database(env)
    .update(bellRings)
    .set({ nextAttemptAt, ...(note ? { error: note } : {}) })
    .where(eq(bellRings.id, ringId));
}

export interface CompletedResult {
  bitstring: string;
  counts: Record<string, number>;
  /** Seconds the provider charged; null while it has not settled them (read again later). */
  usageSeconds: number | null;
  queueSeconds: number | null;
  runSeconds: number | null;
}

/**
 * Stores a result and entangles the ring's wishes, in one batch. Every statement is guarded by the ring not being
 * completed yet, so a repeat (cron and alarm racing, a retry after a timeout) changes nothing. A usage the provider
 * has not settled is stored as unknown and read again from `nextUsageReadAt`.
 */
export async function completeRing(
  env: Env,
  ringId: string,
  result: CompletedResult,
  options: { debitLedger: boolean; now: number; nextUsageReadAt?: number },
): Promise<string> {
  const poem = poemFor(result.bitstring);
  const notDone = `(SELECT status FROM bell_rings WHERE id = ?) != ${sqlText(RING_STATUS.completed)}`;
  const usageFinal = result.usageSeconds !== null;
  // The countries' pending and entangled counts follow the status by trigger (migrations/0006_counters_by_triggers.sql).
  const statements = [
    env.DB.prepare(`UPDATE wishes SET status = ${sqlText(WISH_STATUS.entangled)} WHERE bell_ring_id = ? AND ${notDone}`).bind(ringId, ringId),
  ];
  if (options.debitLedger && usageFinal) {
    statements.push(
      env.DB.prepare(
        `INSERT INTO credit_ledger (delta_seconds, reason, ring_id, created_at) SELECT ?, 'ring', ?, ? WHERE ${notDone}`,
      ).bind(-result.usageSeconds!, ringId, options.now, ringId),
    );
  }
  statements.push(
    env.DB.prepare(
      `UPDATE bell_rings SET status = ${sqlText(RING_STATUS.completed)}, bitstring = ?, counts = ?, poem = ?, usage_seconds = ?, usage_final = ?,
         queue_seconds = ?, run_seconds = ?, completed_at = ?, error = NULL, next_attempt_at = ? WHERE id = ? AND status != ${sqlText(RING_STATUS.completed)}`,
    ).bind(
      result.bitstring,
      JSON.stringify(result.counts),
      poem,
      result.usageSeconds,
      usageFinal ? 1 : 0,
      result.queueSeconds,
      result.runSeconds,
      options.now,
      usageFinal ? null : (options.nextUsageReadAt ?? null),
      ringId,
    ),
  );
  await env.DB.batch(statements);
  readsChanged();
  return poem;
}

/**
 * A later reading of a finished job's usage. Settled seconds end the readings; otherwise it is read again at
 * `nextReadAt`, or, when that is null, the ring stops asking and its usage stays unknown.
 */
export async function recordUsage(
  env: Env,
  ringId: string,
  usage: { usageSeconds: number | null; queueSeconds: number | null; runSeconds: number | null },
  nextReadAt: number | null,
) {
  const done = usage.usageSeconds !== null || nextReadAt === null;
  await env.DB.prepare(
    `UPDATE bell_rings SET usage_seconds = ?, usage_final = ?, queue_seconds = COALESCE(?, queue_seconds),
       run_seconds = COALESCE(?, run_seconds), next_attempt_at = ? WHERE id = ? AND status = ${sqlText(RING_STATUS.completed)} AND usage_final = 0`,
  )
    .bind(usage.usageSeconds, done ? 1 : 0, usage.queueSeconds, usage.runSeconds, done ? null : nextReadAt, ringId)
    .run();
}

/** Completed rings whose usage the provider has not settled yet and whose next reading is due. */
export async function ringsAwaitingUsage(env: Env, now: number): Promise<RingRow[]> {
  return database(env)
    .select()
    .from(bellRings)
    .where(and(eq(bellRings.usageFinal, false), sql`${bellRings.nextAttemptAt} <= ${now}`, eq(bellRings.status, RING_STATUS.completed)))
    .orderBy(asc(bellRings.createdAt))
    .limit(25);
}

/** Gives up on a ring: it is marked failed and its wishes go back to the pool, so nothing is lost. */
export async function failRing(env: Env, ringId: string, error: string, now: number) {
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE wishes SET status = ${sqlText(WISH_STATUS.pending)}, bell_ring_id = NULL WHERE bell_ring_id = ? AND status = ${sqlText(WISH_STATUS.submittedForBatching)}`,
    ).bind(ringId),
    env.DB.prepare(
      `UPDATE bell_rings SET status = ${sqlText(RING_STATUS.failed)}, error = ?, completed_at = ?, next_attempt_at = NULL WHERE id = ? AND status != ${sqlText(RING_STATUS.completed)}`,
    ).bind(
      error,
      now,
      ringId,
    ),
  ]);
  readsChanged();
}

/** One ring's row as it is now. */
export async function ringById(env: Env, ringId: string): Promise<RingRow | undefined> {
  return database(env).query.bellRings.findFirst({ where: eq(bellRings.id, ringId) });
}

/** Rings whose job is not finished and whose next attempt is due. */
export async function dueRings(env: Env, now: number): Promise<RingRow[]> {
  return database(env)
    .select()
    .from(bellRings)
    .where(
      and(
        inArray(bellRings.status, [RING_STATUS.queued, RING_STATUS.running]),
        sql`(${bellRings.nextAttemptAt} IS NULL OR ${bellRings.nextAttemptAt} <= ${now})`,
      ),
    )
    .orderBy(asc(bellRings.createdAt))
    .limit(25);
}

/** The earliest time any unfinished ring (or unsettled usage) wants attention, or null when nothing waits. */
export async function nextDueAt(env: Env): Promise<number | null> {
  // Two index reads: unfinished rings by status, unsettled usage by its own partial index.
  const row = await env.DB.prepare(
    `SELECT MIN(at) AS at FROM (
       SELECT MIN(COALESCE(next_attempt_at, 0)) AS at FROM bell_rings WHERE status IN ${sqlList(RING_STATUS.queued, RING_STATUS.running)}
       UNION ALL
       SELECT MIN(next_attempt_at) AS at FROM bell_rings WHERE usage_final = 0 AND next_attempt_at IS NOT NULL)`,
  ).first<{ at: number | null }>();
  return row?.at ?? null;
}

export async function ringHistory(env: Env, page: number, pageSize = BELL_HISTORY_PAGE_SIZE): Promise<{ history: RingHistoryItem[]; total: number }> {
  const db = database(env);
  const [rings, total] = await Promise.all([
    db
      .select()
      .from(bellRings)
      .orderBy(desc(bellRings.createdAt), desc(bellRings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(bellRings),
  ]);
  const ids = rings.map((r) => r.id);
  const members = ids.length
    ? await db
        .select({ id: wishes.id, ringId: wishes.bellRingId })
        .from(wishes)
        .where(and(inArray(wishes.bellRingId, ids), eq(wishes.hidden, false)))
        .orderBy(asc(wishes.createdAt))
    : [];
  return {
    total,
    history: rings.map((ring) => ({
      id: ring.id,
      wishIds: members.filter((m) => m.ringId === ring.id).map((m) => m.id),
      createdAt: new Date(ring.createdAt).toISOString(),
      status: ring.status as RingStatus,
      poem: ring.poem,
    })),
  };
}

/** The logical circuit of a ring, for the diagram: the same construction the providers run (docs/architecture.md#the-quantum-provider). */
export async function diagramFor(ringId: string, batch: BatchWish[]): Promise<{ qubits: number; gates: DiagramGate[] }> {
  if (batch.length === 0) return { qubits: 0, gates: [] };
  const circuit = await buildCircuit({ ringId, wishes: batch });
  const gates = circuit.gates.filter((g): g is DiagramGate => g.op === "ry" || g.op === "cx" || g.op === "measure");
  return { qubits: circuit.qubits, gates };
}

const SIMULATOR_LABEL = "Built-in simulator (exact state-vector)";

function storedQubits(json: string | null): number[] {
  try {
    const parsed: unknown = json ? JSON.parse(json) : [];
    return Array.isArray(parsed) && parsed.every((q) => Number.isInteger(q)) ? (parsed as number[]) : [];
  } catch {
    return [];
  }
}

/** Visitors get a sentence; the provider's own words (`bell_rings.error`) stay in /admin. */
function publicError(ring: RingRow): string | null {
  if (ring.status === RING_STATUS.failed) return BATCH_GAVE_UP;
  // A running job whose state could not be read is the operator's concern; a job being made again is the visitor's.
  if (ring.status === RING_STATUS.queued && ring.error) return BATCH_FAILED;
  return null;
}

/** A withdrawn wish's place in its ring: no text, name or place of the visitor (ADR 0042). */
function withdrawnWish(row: WishRow): PublicWish {
  return { ...toPublicWish({ ...row, text: WISH_WITHDRAWN, name: null, location: null, country: null, countryCode: null }), withdrawn: true };
}

/** The rotation a withdrawn wish gave its qubit, kept when its text went, so the diagram is still the circuit that ran. */
function keepWithdrawnAngles<T extends { gates: DiagramGate[] }>(diagram: T, rows: WishRow[]): T {
  const gates = diagram.gates.map((gate) => {
    const angle = gate.op === "ry" ? rows[gate.q]?.withdrawnAngle : null;
    return angle === null || angle === undefined ? gate : { ...gate, theta: angle };
  });
  return { ...diagram, gates };
}

export async function getRingView(env: Env, id: string): Promise<RingView | null> {
  const db = database(env);
  const ring = await db.query.bellRings.findFirst({ where: eq(bellRings.id, id) });
  if (!ring) return null;
  // The circuit uses every wish of the ring; the page shows only those not hidden by moderation.
  const rows = await db.select().from(wishes).where(eq(wishes.bellRingId, id)).orderBy(asc(wishes.createdAt), asc(wishes.id));
  const isSimulator = ring.provider === "simulator";
  return {
    id: ring.id,
    status: ring.status as RingStatus,
    createdAt: new Date(ring.createdAt).toISOString(),
    completedAt: ring.completedAt ? new Date(ring.completedAt).toISOString() : null,
    secondsTaken: ring.completedAt && ring.status === RING_STATUS.completed ? Math.max(0, (ring.completedAt - ring.createdAt) / 1000) : null,
    provider: isSimulator ? "simulator" : "ibm",
    providerLabel: isSimulator ? SIMULATOR_LABEL : `IBM Quantum${ring.backend ? ` ${ring.backend}` : ""}`,
    isSimulator,
    backend: ring.backend,
    wishes: rows.filter((row) => !row.hidden || row.withdrawnAt !== null).map((row) => (row.withdrawnAt === null ? toPublicWish(row) : withdrawnWish(row))),
    circuit: keepWithdrawnAngles(await diagramFor(ring.id, rows.map((r) => ({ id: r.id, text: r.text }))), rows),
    bitstring: ring.bitstring,
    counts: ring.counts ? (JSON.parse(ring.counts) as Record<string, number>) : null,
    shots: SHOTS,
    poem: ring.poem,
    error: publicError(ring),
    attempts: ring.attempts,
    hardware: isSimulator
      ? null
      : {
          backend: ring.backend,
          qpuSeconds: ring.usageFinal ? ring.usageSeconds : null,
          queueSeconds: ring.queueSeconds,
          runSeconds: ring.runSeconds,
          physicalQubits: storedQubits(ring.physicalQubits),
          qasm: ring.qasm,
        },
  };
}
