import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { TOP_UP_MAX_SECONDS, TREND_DAYS } from "~/domain/admin";
import { budgetRefusal, budgetStatus, monthStartUtc, ringEstimateSeconds, type BudgetStatus, type MonthSpend } from "~/domain/ibm-budget";
import { DAY_MS } from "~/domain/limits";
import { OUTBOX_UNSENT, RING_STATUS, WISH_STATUS } from "~/domain/statuses";
import { bellRoom } from "../edge/bell-room-client.server";
import { quantumCredits } from "../rings/credits.server";
import { recentCspReports, type CspReportGroup } from "../edge/csp-reports.server";
import { database } from "../db/client.server";
import { bellRings, contactMessages, countryStats, creditLedger, newsletterSubscribers, outbox, siteCounters, wishes } from "../db/schema";
import { stoppedAmong } from "../email/mail-stop.server";
import { checkHealth, type HealthReport } from "../edge/health.server";
import { ApiError } from "../edge/http.server";
import { jobsOfRings, monthSpend, type LedgerJob } from "../rings/job-ledger.server";
import { readsChanged } from "../edge/read-cache.server";
import { releaseHeldWishes } from "../rings/job-store.server";
import { TOTAL_COUNTER } from "../wishes/wishes.server";
import { RING_ALREADY_COMPLETED, RING_FAILED_FOR_GOOD, RING_NOT_FOUND, TOP_UP_SIMULATOR_ONLY } from "~/domain/messages";
import { settingsOf } from "~/server/edge/settings.server";

const TOP_COUNTRIES = 10;
const RECENT_RINGS = 20;
export const TOP_UP_REASON = "admin top-up";

export interface DayCount {
  /** UTC day, YYYY-MM-DD */
  day: string;
  count: number;
}

export interface DashboardTotals {
  visibleWishes: number;
  hiddenWishes: number;
  reportedWishes: number;
  pendingWishes: number;
  rings: number;
  failedRings: number;
  unreadMessages: number;
  confirmedSubscribers: number;
  outboxWaiting: number;
}

export interface CreditsView {
  provider: string;
  seconds: number | null;
  /** The instance has no usage limit and the operator set no budget. */
  unlimited: boolean;
  /** Set when the provider could not be asked. */
  error: string | null;
}

export type RingRow = typeof bellRings.$inferSelect;
/** A recent ring with every job its provider accepted for it, oldest first (empty for the simulator). */
export type RingWithJobs = RingRow & { jobs: LedgerJob[] };

/** This month's IBM Quantum seconds as our rings recorded them, against the operator's ceiling when one is set. */
export interface IbmSpending {
  /** The first millisecond of the UTC month counted. */
  monthStart: number;
  /** Seconds IBM settled for this month's jobs. */
  chargedSeconds: number;
  /** This month's jobs with no settled figure (as app/server/rings/job-ledger.server.ts counts them): each at the estimate. */
  unsettledJobs: number;
  /** What the next ring is assumed to cost. */
  estimateSeconds: number;
  /** Null without IBM_MONTHLY_BUDGET_SECONDS. */
  budget: BudgetStatus | null;
  /** Why no new IBM job may be created, or null while one still fits (always null without a budget). */
  refusal: string | null;
}

export interface Dashboard {
  totals: DashboardTotals;
  wishesPerDay: DayCount[];
  ringsPerDay: DayCount[];
  countries: { country: string; countryCode: string; wishCount: number; pendingCount: number; entangledCount: number }[];
  health: HealthReport;
  credits: CreditsView;
  rings: RingWithJobs[];
  ibmSpending: IbmSpending;
  cspReports: CspReportGroup[];
}

/** Fills the days with no rows, so a chart always has TREND_DAYS bars ending today. */
export function dailySeries(rows: { day: number; count: number }[], now: number, days = TREND_DAYS): DayCount[] {
  const today = Math.floor(now / DAY_MS);
  const byDay = new Map(rows.map((r) => [r.day, r.count]));
  return Array.from({ length: days }, (_, i) => {
    const day = today - days + 1 + i;
    return { day: new Date(day * DAY_MS).toISOString().slice(0, 10), count: byDay.get(day) ?? 0 };
  });
}

async function perDay(env: Env, table: "wishes" | "bell_rings", since: number): Promise<{ day: number; count: number }[]> {
  const { results } = await env.DB.prepare(
    `SELECT created_at / ${DAY_MS} AS day, COUNT(*) AS count FROM ${table} WHERE created_at >= ? GROUP BY day`,
  )
    .bind(since)
    .all<{ day: number; count: number }>();
  return results;
}

export async function readCredits(env: Env): Promise<CreditsView> {
  const provider = settingsOf(env).QUANTUM_PROVIDER ?? "unknown";
  try {
    const { seconds, unlimited } = await quantumCredits(env);
    return { provider, seconds, unlimited, error: null };
  } catch (error) {
    return { provider, seconds: null, unlimited: false, error: error instanceof Error ? error.message : String(error) };
  }
}

async function totals(env: Env): Promise<DashboardTotals> {
  const db = database(env);
  const [counter, hiddenWishes, reportedWishes, pendingWishes, rings, failedRings, unreadMessages, confirmedSubscribers, outboxWaiting] =
    await Promise.all([
      db.query.siteCounters.findFirst({ where: eq(siteCounters.key, TOTAL_COUNTER) }),
      db.$count(wishes, eq(wishes.hidden, true)),
      db.$count(wishes, sql`${wishes.reportCount} > 0`),
      db.$count(wishes, and(eq(wishes.status, WISH_STATUS.pending), eq(wishes.hidden, false))),
      db.$count(bellRings),
      db.$count(bellRings, eq(bellRings.status, RING_STATUS.failed)),
      db.$count(contactMessages, isNull(contactMessages.readAt)),
      db.$count(newsletterSubscribers, sql`${newsletterSubscribers.confirmedAt} IS NOT NULL AND ${newsletterSubscribers.unsubscribedAt} IS NULL`),
      db.$count(outbox, inArray(outbox.status, OUTBOX_UNSENT)),
    ]);
  return {
    visibleWishes: counter?.value ?? 0,
    hiddenWishes,
    reportedWishes,
    pendingWishes,
    rings,
    failedRings,
    unreadMessages,
    confirmedSubscribers,
    outboxWaiting,
  };
}

/** Shapes the month's recorded spend for /admin with the same rule the job guard applies (app/domain/ibm-budget.ts). */
export function ibmSpendingView(budgetSeconds: number | null, spend: MonthSpend, now: number): IbmSpending {
  const status = budgetSeconds === null ? null : budgetStatus(budgetSeconds, spend);
  return {
    monthStart: monthStartUtc(now),
    chargedSeconds: spend.chargedSeconds,
    unsettledJobs: spend.unsettledJobs,
    estimateSeconds: status?.estimateSeconds ?? ringEstimateSeconds(spend.recentCharges),
    budget: status,
    refusal: status && !status.allowsRing ? budgetRefusal(status) : null,
  };
}

export async function readIbmSpending(env: Env, now = Date.now()): Promise<IbmSpending> {
  return ibmSpendingView(settingsOf(env).IBM_MONTHLY_BUDGET_SECONDS, await monthSpend(env, now), now);
}

async function recentRings(env: Env): Promise<RingWithJobs[]> {
  const rings = await database(env).select().from(bellRings).orderBy(desc(bellRings.createdAt)).limit(RECENT_RINGS);
  const jobs = await jobsOfRings(env, rings.filter((ring) => ring.provider !== "simulator").map((ring) => ring.id));
  return rings.map((ring) => ({ ...ring, jobs: jobs.filter((job) => job.ringId === ring.id) }));
}

export async function loadDashboard(env: Env, now = Date.now()): Promise<Dashboard> {
  const db = database(env);
  const since = (Math.floor(now / DAY_MS) - TREND_DAYS + 1) * DAY_MS;
  const [summary, wishDays, ringDays, countries, health, credits, rings, ibmSpending, csp] = await Promise.all([
    totals(env),
    perDay(env, "wishes", since),
    perDay(env, "bell_rings", since),
    db
      .select({
        country: countryStats.country,
        countryCode: countryStats.countryCode,
        wishCount: countryStats.wishCount,
        pendingCount: countryStats.pendingCount,
        entangledCount: countryStats.entangledCount,
      })
      .from(countryStats)
      .where(sql`${countryStats.wishCount} > 0`)
      .orderBy(desc(countryStats.wishCount))
      .limit(TOP_COUNTRIES),
    checkHealth(env),
    readCredits(env),
    recentRings(env),
    readIbmSpending(env, now),
    recentCspReports(env),
  ]);
  return {
    totals: summary,
    wishesPerDay: dailySeries(wishDays, now),
    ringsPerDay: dailySeries(ringDays, now),
    countries,
    health,
    credits,
    rings,
    ibmSpending,
    cspReports: csp,
  };
}

/** Adds simulator seconds to the ledger; the IBM provider's seconds are bought from IBM, not granted here. */
export async function topUpCredits(env: Env, seconds: number, now = Date.now()): Promise<void> {
  if (settingsOf(env).QUANTUM_PROVIDER !== "simulator") {
    throw new ApiError(409, TOP_UP_SIMULATOR_ONLY);
  }
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > TOP_UP_MAX_SECONDS) {
    throw new ApiError(400, `Please enter a whole number of seconds from 1 to ${TOP_UP_MAX_SECONDS}.`);
  }
  await database(env).insert(creditLedger).values({ deltaSeconds: seconds, reason: TOP_UP_REASON, createdAt: now });
  readsChanged();
}

/**
 * Asks the BellRoom to try an unfinished ring now instead of at its scheduled retry. A failed ring cannot be
 * retried: its wishes already went back to the pool and will ring again with the next batch.
 */
export async function retryRing(env: Env, id: string, now = Date.now()): Promise<void> {
  const db = database(env);
  const ring = await db.query.bellRings.findFirst({ where: eq(bellRings.id, id), columns: { status: true, wishesHeld: true } });
  if (!ring) throw new ApiError(404, RING_NOT_FOUND);
  if (ring.status === RING_STATUS.completed) throw new ApiError(409, RING_ALREADY_COMPLETED);
  if (ring.status === RING_STATUS.failed) throw new ApiError(409, ring.wishesHeld ? RING_WISHES_HELD_NO_RETRY : RING_FAILED_FOR_GOOD);
  await db.update(bellRings).set({ nextAttemptAt: now }).where(eq(bellRings.id, id));
  await bellRoom(env).poll();
}

export const RING_WISHES_HELD_NO_RETRY =
  "That ring was given up while its job might still run; its wishes are held. Release them once the provider shows the job ended.";
export const RING_WISHES_NOT_HELD = "That ring's wishes are not held: they are with the ring or already back in the pool.";

/** The sentence answering a release: how many wishes went back to the pool. */
export function releasedSentence(ringId: string, count: number): string {
  if (count === 0) return `Ring ${ringId} is no longer held; none of its wishes were still waiting with it.`;
  return `${count} ${count === 1 ? "wish" : "wishes"} of ring ${ringId} went back to the pool and will ring with the next batch.`;
}

/**
 * The operator's release of a ring held because its job might still run (checked with the provider first): its
 * wishes wait for a ring again. Returns how many went back to the pool.
 */
export async function releaseRingWishes(env: Env, id: string): Promise<number> {
  const ring = await database(env).query.bellRings.findFirst({ where: eq(bellRings.id, id), columns: { wishesHeld: true } });
  if (!ring) throw new ApiError(404, RING_NOT_FOUND);
  if (!ring.wishesHeld) throw new ApiError(409, RING_WISHES_NOT_HELD);
  return releaseHeldWishes(env, id);
}

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
const INBOX_PAGE = 100;

export async function recentMessages(env: Env): Promise<ContactMessageRow[]> {
  return database(env).select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(INBOX_PAGE);
}

export async function markMessageRead(env: Env, id: string, read: boolean, now = Date.now()): Promise<void> {
  await database(env)
    .update(contactMessages)
    .set({ readAt: read ? now : null })
    .where(eq(contactMessages.id, id));
}

export async function allSubscribers(env: Env): Promise<SubscriberRow[]> {
  return database(env).select().from(newsletterSubscribers).orderBy(desc(newsletterSubscribers.createdAt));
}

/**
 * The addresses an operator may mail the newsletter to: confirmed, not unsubscribed, and not stopped by any way out
 * ("this wasn't me", one-click). The CSV export is this list and nothing else.
 */
export async function mailableSubscribers(env: Env): Promise<SubscriberRow[]> {
  const rows = await database(env)
    .select()
    .from(newsletterSubscribers)
    .where(and(isNotNull(newsletterSubscribers.confirmedAt), isNull(newsletterSubscribers.unsubscribedAt)))
    .orderBy(desc(newsletterSubscribers.createdAt));
  const stopped = await stoppedAmong(env, rows.map((row) => row.email));
  return rows.filter((row) => !stopped.has(row.email));
}

export function subscriberStatus(row: Pick<SubscriberRow, "confirmedAt" | "unsubscribedAt">): "unsubscribed" | "confirmed" | "unconfirmed" {
  if (row.unsubscribedAt !== null) return "unsubscribed";
  return row.confirmedAt !== null ? "confirmed" : "unconfirmed";
}
