import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { monotonicFactory } from "ulidx";
import { DAY_MS } from "~/domain/limits";
import { OUTBOX_STATUS, OUTBOX_UNSENT } from "~/domain/statuses";
import type { WishSubmission } from "~/domain/wish";
import type { CloudflareContext } from "~/load-context";
import { database } from "../db/client.server";
import { outbox, siteCounters, wishes } from "../db/schema";
import { listUnsubscribeHeaders, mailboxHash, mailStopUrl, stopKeys, stoppedAmong } from "./mail-stop.server";
import { mailSender, type MailEnv } from "./senders.server";
import { errorFields, log } from "../edge/log.server";
import { letterLocale, wishCopyLetter } from "./letters.server";

const newId = monotonicFactory();
export const MAX_DELIVERY_ATTEMPTS = 5;
const DELIVERY_BATCH = 25;
const OUTBOX_PAGE = 100;

export type EmailKind = "friend-wish" | "wish-copy" | "wish-rang" | "newsletter-confirmation" | (string & {});

export interface OutgoingEmail {
  kind: EmailKind;
  to: string;
  subject: string;
  body: string;
  /** The wish the mail is about: withdrawing the wish deletes the mail (app/server/privacy/erasure.server.ts). */
  wishId?: string;
}

type WaitUntil = Pick<CloudflareContext["ctx"], "waitUntil">;

/**
 * Mails of a visitor's making (wish copies, friend mails, newsletter confirmations) one address may receive in 24
 * hours, from all senders together: the site must not become a way to fill a stranger's inbox (docs/product.md#one-person-one-share).
 */
export const RECIPIENT_DAILY_MAIL_CAP = 10;
/**
 * Of those, what one sender network may cause to one address in 24 hours: so one network cannot use up the address's
 * cap and block a genuine friend's mail (docs/product.md#one-person-one-share). Wish copies count under the writer's network.
 */
export const SENDER_RECIPIENT_DAILY_MAIL_CAP = 2;
export const VISITOR_MAIL_KINDS = ["wish-copy", "wish-rang", "friend-wish", "newsletter-confirm"] as const;
export type VisitorMailKind = (typeof VISITOR_MAIL_KINDS)[number];

/** "stopped": the inbox asked for no more mail; nothing was written that could be sent, but the caps counted it. */
export type VisitorMailOutcome = "queued" | "stopped" | "recipient-full" | "sender-full";

const VISITOR_KINDS_SQL = VISITOR_MAIL_KINDS.map((kind) => `'${kind}'`).join(", ");

/** A line break in a header would let user text add headers of its own. */
const oneLine = (subject: string) => subject.replace(/[\r\n]+/g, " ").trim();

/**
 * Queues a visitor-triggered mail only while both recipient caps have room and the inbox has no stop, all checked
 * inside the INSERT itself (as submitWish checks its limits), so concurrent requests cannot all pass a read made
 * before any of them wrote, and a stop stored a moment before is seen. The caps count the inbox (its keyed hash, so
 * every alias of one inbox shares them, ADR 0104). A mail to a stopped inbox still takes its place under the caps,
 * as a `stopped` row holding no address, subject or text: past the caps a stopped and a mailable address answer alike.
 */
export async function queueVisitorMail(
  env: Env,
  email: OutgoingEmail & { kind: VisitorMailKind },
  senderNetwork: string,
  ctx?: WaitUntil,
  now = Date.now(),
): Promise<VisitorMailOutcome> {
  const [inbox, keys] = await Promise.all([mailboxHash(env, email.to), stopKeys(env, email.to)]);
  // ?1 inbox, ?2 since, ?3 kind, ?4 sender network, ?5 now, ?6 and ?7 the caps, ?8 the address's spelled stop key, ?9 id.
  const shared = [inbox, now - DAY_MS, email.kind, senderNetwork, now, RECIPIENT_DAILY_MAIL_CAP, SENDER_RECIPIENT_DAILY_MAIL_CAP, keys.at(-1)!];
  const counted = `FROM outbox WHERE recipient = ?1 AND kind IN (${VISITOR_KINDS_SQL}) AND created_at >= ?2`;
  const roomLeft = `(SELECT COUNT(*) ${counted}) < ?6 AND (SELECT COUNT(*) ${counted} AND sender_network = ?4) < ?7`;
  const stopped = "EXISTS (SELECT 1 FROM mail_stops WHERE address_hash IN (?1, ?8))";
  const [inserted, counting, counts] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO outbox (id, kind, to_address, recipient, sender_network, subject, body, status, attempts, created_at, wish_id)
       SELECT ?9, ?3, ?10, ?1, ?4, ?11, ?12, '${OUTBOX_STATUS.queued}', 0, ?5, ?13 WHERE ${roomLeft} AND NOT ${stopped}`,
    ).bind(...shared, newId(now), email.to.trim(), oneLine(email.subject), email.body, email.wishId ?? null),
    env.DB.prepare(
      `INSERT INTO outbox (id, kind, to_address, recipient, sender_network, subject, body, status, attempts, created_at, wish_id)
       SELECT ?9, ?3, '', ?1, ?4, '', '', '${OUTBOX_STATUS.stopped}', 0, ?5, ?10 WHERE ${roomLeft} AND ${stopped}`,
    ).bind(...shared, newId(now), email.wishId ?? null),
    env.DB.prepare(`SELECT COUNT(*) AS total ${counted}`).bind(inbox, now - DAY_MS),
  ]);
  if (inserted.meta.changes > 0) {
    if (ctx) ctx.waitUntil(deliverOutbox(env).catch((error: unknown) => log("error", "outbox delivery failed", errorFields(error))));
    return "queued";
  }
  if (counting.meta.changes > 0) return "stopped";
  const { total } = counts.results[0] as { total: number };
  return total >= RECIPIENT_DAILY_MAIL_CAP ? "recipient-full" : "sender-full";
}

/**
 * Every outgoing mail is first a row here, so nothing is lost when the provider is down or not configured: the
 * row is delivered right away when a context is given, and otherwise (or on failure) by the cron.
 */
export async function queueEmail(env: Env, email: OutgoingEmail, ctx?: WaitUntil, now = Date.now()): Promise<string> {
  const id = newId(now);
  await database(env)
    .insert(outbox)
    .values({
      id,
      kind: email.kind,
      toAddress: email.to.trim(),
      subject: oneLine(email.subject),
      body: email.body,
      status: OUTBOX_STATUS.queued,
      createdAt: now,
    });
  if (ctx) ctx.waitUntil(deliverOutbox(env).catch((error: unknown) => log("error", "outbox delivery failed", errorFields(error))));
  return id;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
  held: number;
  stopped: number;
}

/**
 * Sends what is waiting. Each row is claimed by a conditional update of its attempt count before it is sent, so
 * the cron and a request's waitUntil racing over the same row send it once.
 */
export async function deliverOutbox(env: MailEnv, options: { now?: number; fetcher?: typeof fetch } = {}): Promise<DeliveryReport> {
  const now = options.now ?? Date.now();
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, held: 0, stopped: 0 };
  const sender = mailSender(env, options.fetcher);
  const db = database(env);
  if (!sender) {
    const held = await db
      .update(outbox)
      .set({ status: OUTBOX_STATUS.held })
      .where(eq(outbox.status, OUTBOX_STATUS.queued))
      .returning({ id: outbox.id });
    report.held = held.length;
    return report;
  }
  const unsent = inArray(outbox.status, OUTBOX_UNSENT);
  const results = await db
    .select({ id: outbox.id, toAddress: outbox.toAddress, subject: outbox.subject, body: outbox.body, attempts: outbox.attempts })
    .from(outbox)
    .where(unsent)
    .orderBy(asc(outbox.createdAt))
    .limit(DELIVERY_BATCH);

  const stopped = await stoppedAmong(env, results.map((row) => row.toAddress));
  for (const row of results) {
    // An address that asked for no more mail after this was queued is not mailed.
    if (stopped.has(row.toAddress)) {
      await db.update(outbox).set({ status: OUTBOX_STATUS.stopped }).where(and(eq(outbox.id, row.id), unsent));
      report.stopped += 1;
      continue;
    }
    const claimed = await db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1` })
      .where(and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts), unsent))
      .returning({ id: outbox.id });
    if (claimed.length !== 1) continue;
    try {
      const headers = await listUnsubscribeHeaders(env, row.toAddress);
      await sender.send({ to: row.toAddress, subject: row.subject, text: row.body, headers });
      await db.update(outbox).set({ status: OUTBOX_STATUS.sent, sentAt: now, error: null }).where(eq(outbox.id, row.id));
      report.sent += 1;
    } catch (error) {
      const giveUp = row.attempts + 1 >= MAX_DELIVERY_ATTEMPTS;
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(outbox)
        .set({ status: giveUp ? OUTBOX_STATUS.failed : OUTBOX_STATUS.queued, error: `${sender.name}: ${message}`.slice(0, 500) })
        .where(eq(outbox.id, row.id));
      if (giveUp) report.failed += 1;
      else report.retrying += 1;
    }
  }
  return report;
}

/**
 * The "receive your wish via email" copy. Runs after the response, reading the stored wish (already moderated),
 * and never fails the submission it follows.
 */
export function queueWishCopy(env: Env, ctx: WaitUntil, input: Pick<WishSubmission, "email">, wishId: string): void {
  if (!input.email) return;
  const work = async () => {
    const row = await database(env).query.wishes.findFirst({
      where: eq(wishes.id, wishId),
      columns: { text: true, name: true, email: true, ipHash: true, locale: true },
    });
    if (!row?.email) return;
    // For an address that asked for no more mail, or past its caps, the copy is quietly not sent (queueVisitorMail
    // decides); the wish itself is stored as usual.
    const letter = wishCopyLetter(env, letterLocale(row.locale), { text: row.text, name: row.name }, await mailStopUrl(env, row.email));
    if ((await queueVisitorMail(env, { ...letter, to: row.email, kind: "wish-copy", wishId }, row.ipHash ?? "unknown")) !== "queued") return;
    await deliverOutbox(env);
  };
  ctx.waitUntil(work().catch((error: unknown) => log("error", "could not queue the wish copy", errorFields(error))));
}

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * The newest rows and the count by status, the retention sweep's deleted rows included (kept in site_counters as
 * `mail:<status>:<kind>` by app/server/privacy/retention.server.ts), so "sent" counts every mail ever sent.
 */
export async function recentOutbox(env: Env): Promise<{ rows: OutboxRow[]; byStatus: Record<string, number> }> {
  const db = database(env);
  const [rows, counts, swept] = await Promise.all([
    db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(OUTBOX_PAGE),
    db.select({ status: outbox.status, count: sql<number>`COUNT(*)` }).from(outbox).groupBy(outbox.status),
    db.select({ key: siteCounters.key, value: siteCounters.value }).from(siteCounters).where(sql`${siteCounters.key} LIKE 'mail:%'`),
  ]);
  const byStatus: Record<string, number> = Object.fromEntries(counts.map((c) => [c.status, c.count]));
  for (const { key, value } of swept) {
    const status = key.split(":")[1]!;
    byStatus[status] = (byStatus[status] ?? 0) + value;
  }
  return { rows, byStatus };
}

export function senderName(env: MailEnv): string | null {
  return mailSender(env)?.name ?? null;
}
