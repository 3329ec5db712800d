import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "~/domain/limits";
import { CSP_REPORTS_KEPT, RETENTION_DAYS, type RetainedKind } from "~/domain/retention";
import { legalValues, RETENTION_TEMPLATE_NAMES } from "~/server/pages/legal-values.server";
import { recentOutbox } from "~/server/email/outbox.server";
import { EXPIRED_MAIL, sweepRetention, sweptMailCounter } from "~/server/privacy/retention.server";
import { builtWorker as worker } from "../support/build";
import { freshFingerprint, submit } from "../support/api";

const NOW = Date.UTC(2027, 0, 15, 12);
const days = (n: number) => n * DAY_MS;
/** Just inside and just past a bound of `n` days before NOW. */
const inside = (n: number) => NOW - days(n) + 1;
const past = (n: number) => NOW - days(n) - 1;

const run = (sql: string, ...values: unknown[]) => env.DB.prepare(sql).bind(...values).run();
const count = async (sql: string, ...values: unknown[]) => (await env.DB.prepare(sql).bind(...values).first<{ n: number }>())!.n;

async function subscriber(email: string, createdAt: number, fields: { confirmedAt?: number; unsubscribedAt?: number } = {}) {
  await run(
    "INSERT INTO newsletter_subscribers (email, token, created_at, confirmed_at, unsubscribed_at) VALUES (?, ?, ?, ?, ?)",
    email, crypto.randomUUID(), createdAt, fields.confirmedAt ?? null, fields.unsubscribedAt ?? null,
  );
}

async function mail(id: string, status: string, kind: string, createdAt: number) {
  await run(
    "INSERT INTO outbox (id, kind, to_address, subject, body, status, created_at) VALUES (?, ?, ?, 'Subject', 'Body', ?, ?)",
    id, kind, `${id}@example.org`, status, createdAt,
  );
}

async function wish(id: string, createdAt: number, fields: Record<string, string | number> = {}) {
  const columns = ["id", "text", "theme", "fingerprint_hash", "created_at", ...Object.keys(fields)];
  await run(
    `INSERT INTO wishes (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    id, `May the wish ${id} come true for everyone`, "peace", `fp-${id}`, createdAt, ...Object.values(fields),
  );
}

const counter = async (key: string) => (await env.DB.prepare("SELECT value FROM site_counters WHERE key = ?").bind(key).first<{ value: number }>())?.value ?? 0;

describe("the retention sweep, on a clock", () => {
  it("forgets unconfirmed subscribers after 7 days and unsubscribed ones 7 days after they left; keeps the confirmed", async () => {
    const bound = RETENTION_DAYS.unconfirmedSubscriber;
    await subscriber("fresh@example.org", inside(bound));
    await subscriber("stale@example.org", past(bound));
    await subscriber("confirmed@example.org", past(400), { confirmedAt: past(399) });
    await subscriber("left-now@example.org", past(400), { confirmedAt: past(399), unsubscribedAt: inside(RETENTION_DAYS.unsubscribedSubscriber) });
    await subscriber("left-long-ago@example.org", past(400), { confirmedAt: past(399), unsubscribedAt: past(RETENTION_DAYS.unsubscribedSubscriber) });
    const report = await sweepRetention(env, { now: NOW });
    const left = (await env.DB.prepare("SELECT email FROM newsletter_subscribers ORDER BY email").all<{ email: string }>()).results.map((r) => r.email);
    expect(left).toEqual(["confirmed@example.org", "fresh@example.org", "left-now@example.org"]);
    expect(report.unconfirmedSubscribers).toBe(1);
    expect(report.unsubscribedSubscribers).toBe(1);
  });

  it("deletes every mail 30 days after it was written, sent or never sent, keeping a count per kind and outcome", async () => {
    const bound = RETENTION_DAYS.mail;
    const before = {
      wish: await counter(sweptMailCounter("sent", "wish-copy")),
      failed: await counter(sweptMailCounter("failed", "friend-wish")),
      heldExpired: await counter(sweptMailCounter(EXPIRED_MAIL, "friend-wish")),
      queuedExpired: await counter(sweptMailCounter(EXPIRED_MAIL, "wish-copy")),
    };
    await mail("m-recent", "sent", "wish-copy", inside(bound));
    await mail("m-old-1", "sent", "wish-copy", past(bound));
    await mail("m-old-2", "sent", "wish-copy", past(bound + 3));
    await mail("m-old-failed", "failed", "friend-wish", past(bound));
    await mail("m-old-held", "held", "friend-wish", past(bound));
    await mail("m-old-queued", "queued", "wish-copy", past(bound));
    await mail("m-young-held", "held", "friend-wish", inside(bound));
    await sweepRetention(env, { now: NOW });
    const ids = (await env.DB.prepare("SELECT id FROM outbox WHERE id LIKE 'm-%' ORDER BY id").all<{ id: string }>()).results.map((r) => r.id);
    expect(ids).toEqual(["m-recent", "m-young-held"]);
    expect(await counter(sweptMailCounter("sent", "wish-copy"))).toBe(before.wish + 2);
    expect(await counter(sweptMailCounter("failed", "friend-wish"))).toBe(before.failed + 1);
    // Mail that waited (no mail service, as here) past its bound is gone too, counted as expired.
    expect(await counter(sweptMailCounter(EXPIRED_MAIL, "friend-wish"))).toBe(before.heldExpired + 1);
    expect(await counter(sweptMailCounter(EXPIRED_MAIL, "wish-copy"))).toBe(before.queuedExpired + 1);
    // The operator's counts still include what the sweep deleted.
    const { byStatus } = await recentOutbox(env);
    const live = await count("SELECT COUNT(*) AS n FROM outbox WHERE status = 'sent'");
    expect(byStatus.sent).toBe(live + (await env.DB.prepare("SELECT COALESCE(SUM(value), 0) AS n FROM site_counters WHERE key LIKE 'mail:sent:%'").first<{ n: number }>())!.n);
  });

  it("deletes contact messages after a year unless the operator kept them", async () => {
    const bound = RETENTION_DAYS.contactMessage;
    const insert = (id: string, createdAt: number, keptAt: number | null) =>
      run("INSERT INTO contact_messages (id, email, message, created_at, kept_at) VALUES (?, 'a@example.org', 'Hello there', ?, ?)", id, createdAt, keptAt);
    await insert("c-young", inside(bound), null);
    await insert("c-old", past(bound), null);
    await insert("c-kept", past(bound), past(10));
    await sweepRetention(env, { now: NOW });
    const ids = (await env.DB.prepare("SELECT id FROM contact_messages WHERE id LIKE 'c-%' ORDER BY id").all<{ id: string }>()).results.map((r) => r.id);
    expect(ids).toEqual(["c-kept", "c-young"]);
  });

  it("forgets a resonance's network after 30 days; the resonance, the wish's count and the site's counters stay", async () => {
    const { json } = await submit({ deviceFingerprint: freshFingerprint() });
    const wishId = json.wishId;
    const bound = RETENTION_DAYS.visitorTraces;
    await run("INSERT INTO resonances (wish_id, fingerprint_hash, network_hash, counted, created_at) VALUES (?, 'fp-old', 'net-old', 1, ?)", wishId, past(bound));
    await run("INSERT INTO resonances (wish_id, fingerprint_hash, network_hash, counted, created_at) VALUES (?, 'fp-new', 'net-new', 1, ?)", wishId, inside(bound));
    await run("UPDATE wishes SET resonance_count = 2 WHERE id = ?", wishId);
    const totalBefore = await counter("total_wishes");
    await sweepRetention(env, { now: NOW });
    const rows = (await env.DB.prepare("SELECT fingerprint_hash AS f, network_hash AS n, counted FROM resonances WHERE wish_id = ? ORDER BY f").bind(wishId).all()).results;
    expect(rows).toEqual([
      { f: "fp-new", n: "net-new", counted: 1 },
      { f: "fp-old", n: null, counted: 1 },
    ]);
    expect(await count("SELECT resonance_count AS n FROM wishes WHERE id = ?", wishId)).toBe(2);
    expect(await counter("total_wishes")).toBe(totalBefore);
  });

  it("keeps CSP reports to the newest CSP_REPORTS_KEPT", async () => {
    const extra = 5;
    const statements = Array.from({ length: CSP_REPORTS_KEPT + extra }, (_, i) =>
      env.DB.prepare("INSERT INTO csp_reports (id, created_at, directive, blocked, document_path, disposition) VALUES (?, ?, 'img-src', 'x', '/', 'enforce')").bind(
        `r-${String(i).padStart(5, "0")}`,
        NOW - i,
      ),
    );
    await env.DB.batch(statements);
    await sweepRetention(env, { now: NOW });
    expect(await count("SELECT COUNT(*) AS n FROM csp_reports")).toBe(CSP_REPORTS_KEPT);
    expect(await count("SELECT COUNT(*) AS n FROM csp_reports WHERE id >= ?", `r-${String(CSP_REPORTS_KEPT).padStart(5, "0")}`)).toBe(0);
  });

  it("deletes in bounded batches: a backlog drains over several runs", async () => {
    const bound = RETENTION_DAYS.unconfirmedSubscriber;
    for (let i = 0; i < 7; i++) await subscriber(`backlog-${i}@example.org`, past(bound + i));
    const backlog = () => count("SELECT COUNT(*) AS n FROM newsletter_subscribers WHERE email LIKE 'backlog-%'");
    expect((await sweepRetention(env, { now: NOW, batch: 3 })).unconfirmedSubscribers).toBe(3);
    expect(await backlog()).toBe(4);
    expect((await sweepRetention(env, { now: NOW, batch: 3 })).unconfirmedSubscribers).toBe(3);
    expect((await sweepRetention(env, { now: NOW, batch: 3 })).unconfirmedSubscribers).toBe(1);
    expect(await backlog()).toBe(0);
  });

  it("forgets the visitor's traces after 30 days: network hashes everywhere, a report's device and reason, a ring's ringer", async () => {
    const bound = RETENTION_DAYS.visitorTraces;
    // Only this test's CSP reports: the newest-1000 rule above would take older ones first.
    await run("DELETE FROM csp_reports");
    for (const [id, at] of [["w-old", past(bound)], ["w-new", inside(bound)]] as const) {
      await wish(id, at, { ip_hash: `net-${id}` });
      await run("INSERT INTO reports (wish_id, fingerprint_hash, reason, network_hash, counted, created_at) VALUES (?, ?, 'spam', ?, 1, ?)", id, `fp-${id}`, `net-${id}`, at);
      await run("INSERT INTO bell_rings (id, created_at, rung_by_hash, rung_by_network, provider) VALUES (?, ?, ?, ?, 'simulator')", `r-${id}`, at, `fp-${id}`, `net-${id}`);
      await run("INSERT INTO contact_messages (id, email, message, ip_hash, created_at) VALUES (?, 'c@example.org', 'Hello there', ?, ?)", `c-${id}`, `net-${id}`, at);
      await run("INSERT INTO csp_reports (id, created_at, directive, blocked, document_path, disposition, network_hash) VALUES (?, ?, 'img-src', 'x', '/', 'enforce', ?)", `csp-${id}`, at, `net-${id}`);
    }
    const reportCountBefore = await count("SELECT report_count AS n FROM wishes WHERE id = 'w-old'");
    await sweepRetention(env, { now: NOW });
    const one = (sql: string, id: string) => env.DB.prepare(sql).bind(id).first();
    expect(await one("SELECT ip_hash FROM wishes WHERE id = ?", "w-old")).toEqual({ ip_hash: null });
    expect(await one("SELECT ip_hash FROM wishes WHERE id = ?", "w-new")).toEqual({ ip_hash: "net-w-new" });
    expect(await one("SELECT fingerprint_hash AS f, reason, network_hash AS n, counted FROM reports WHERE wish_id = ?", "w-old")).toEqual({
      f: expect.stringMatching(/^~\d+$/),
      reason: null,
      n: null,
      counted: 1,
    });
    expect(await one("SELECT fingerprint_hash AS f, reason, network_hash AS n FROM reports WHERE wish_id = ?", "w-new")).toEqual({ f: "fp-w-new", reason: "spam", n: "net-w-new" });
    expect(await count("SELECT report_count AS n FROM wishes WHERE id = 'w-old'")).toBe(reportCountBefore);
    expect(await one("SELECT rung_by_hash AS f, rung_by_network AS n FROM bell_rings WHERE id = ?", "r-w-old")).toEqual({ f: null, n: null });
    expect(await one("SELECT rung_by_hash AS f, rung_by_network AS n FROM bell_rings WHERE id = ?", "r-w-new")).toEqual({ f: "fp-w-new", n: "net-w-new" });
    expect(await one("SELECT ip_hash FROM contact_messages WHERE id = ?", "c-w-old")).toEqual({ ip_hash: null });
    expect(await one("SELECT ip_hash FROM contact_messages WHERE id = ?", "c-w-new")).toEqual({ ip_hash: "net-w-new" });
    expect(await one("SELECT network_hash FROM csp_reports WHERE id = ?", "csp-w-old")).toEqual({ network_hash: null });
    expect(await one("SELECT network_hash FROM csp_reports WHERE id = ?", "csp-w-new")).toEqual({ network_hash: "net-w-new" });
    // A second run finds nothing left to forget: the forgotten report's device hash is not taken for a live one.
    const again = await sweepRetention(env, { now: NOW });
    expect([again.wishNetworks, again.reportTraces, again.ringerTraces, again.contactNetworks, again.cspNetworks]).toEqual([0, 0, 0, 0, 0]);
  });

  it("forgets a wish's address once its ring is announced, and after 180 days if no ring has come; push subscriptions too", async () => {
    const bound = RETENTION_DAYS.awaitingRing;
    await wish("e-announced", NOW - DAY_MS, { email: "announced@example.org", rang_notified_at: NOW - 1000 });
    await wish("e-waiting", inside(bound), { email: "waiting@example.org" });
    await wish("e-waited-too-long", past(bound), { email: "too-long@example.org" });
    for (const [id, at] of [["p-young", inside(bound)], ["p-old", past(bound)]] as const) {
      await run("INSERT INTO push_subscriptions (id, wish_id, endpoint, p256dh, auth, created_at) VALUES (?, 'e-waiting', ?, 'k', 'a', ?)", id, `https://push.example/${id}`, at);
    }
    await sweepRetention(env, { now: NOW });
    const emails = (await env.DB.prepare("SELECT id, email FROM wishes WHERE id LIKE 'e-%' ORDER BY id").all()).results;
    expect(emails).toEqual([
      { id: "e-announced", email: null },
      { id: "e-waited-too-long", email: null },
      { id: "e-waiting", email: "waiting@example.org" },
    ]);
    const pushes = (await env.DB.prepare("SELECT id FROM push_subscriptions WHERE id LIKE 'p-%'").all<{ id: string }>()).results.map((r) => r.id);
    expect(pushes).toEqual(["p-young"]);
  });

  it("forgets the marks of erasures once no restore can reach back to them", async () => {
    const bound = RETENTION_DAYS.erasureLedger;
    await run("INSERT INTO erasures_applied (seq, erased_at) VALUES (9001, ?), (9002, ?)", past(bound), inside(bound));
    await sweepRetention(env, { now: NOW });
    const left = (await env.DB.prepare("SELECT seq FROM erasures_applied WHERE seq > 9000").all<{ seq: number }>()).results.map((r) => r.seq);
    expect(left).toEqual([9002]);
  });

  it("has a test above for every period it keeps, and /privacy states each one from the same constant", () => {
    const tested: RetainedKind[] = ["unconfirmedSubscriber", "unsubscribedSubscriber", "mail", "contactMessage", "visitorTraces", "awaitingRing", "erasureLedger"];
    // rate_limits is swept by the rate limiter itself (test/integration/storage-bounds.test.ts), the admin audit
    // trail by this sweep in test/integration/admin-audit.test.ts.
    expect([...tested, "rateLimitRow", "adminAudit"].sort()).toEqual(Object.keys(RETENTION_DAYS).sort());
    const values = legalValues(env);
    for (const kind of Object.keys(RETENTION_DAYS) as RetainedKind[]) {
      expect(values[`days.${RETENTION_TEMPLATE_NAMES[kind]}`], kind).toBe(RETENTION_DAYS[kind]);
    }
  });

  it("runs from the cron trigger, at the trigger's time", async () => {
    await subscriber("cron-stale@example.org", past(RETENTION_DAYS.unconfirmedSubscriber));
    await subscriber("cron-fresh@example.org", inside(RETENTION_DAYS.unconfirmedSubscriber));
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: NOW }), env, ctx);
    await waitOnExecutionContext(ctx);
    const left = (await env.DB.prepare("SELECT email FROM newsletter_subscribers WHERE email LIKE 'cron-%'").all<{ email: string }>()).results.map((r) => r.email);
    expect(left).toEqual(["cron-fresh@example.org"]);
  });
});
