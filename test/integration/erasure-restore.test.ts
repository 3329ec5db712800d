import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { SiteStats } from "~/domain/public-wish";
import { DAY_MS } from "~/domain/limits";
import { RETENTION_DAYS } from "~/domain/retention";
import { bellRoom } from "~/server/edge/bell-room-client.server";
import { mailboxHash } from "~/server/email/mail-stop.server";
import { builtWorker as worker } from "../support/build";
import { browserFetch, call, freshFingerprint, signIn, submit, validWish } from "../support/api";

// ADR 0108: docs/operations.md restores D1 with Time Travel. A restore to before an erasure brings the erased rows
// back; the ledger outside D1 (the BellRoom's storage) makes the documented procedure erase them again.

type Row = Record<string, unknown>;
type Snapshot = Map<string, Row[]>;

async function tables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) <> 'sqlite_' AND substr(name, 1, 4) <> '_cf_' AND name <> 'd1_migrations'",
  ).all<{ name: string }>();
  return results.map((row) => row.name);
}

/** Every row of every table, as Time Travel would keep the moment. */
async function snapshot(): Promise<Snapshot> {
  const copy: Snapshot = new Map();
  for (const table of await tables()) copy.set(table, (await env.DB.prepare(`SELECT * FROM "${table}"`).all<Row>()).results);
  return copy;
}

const insertAll = (table: string, rows: Row[]) =>
  rows.map((row) => {
    const columns = Object.keys(row);
    return env.DB.prepare(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).bind(
      ...Object.values(row),
    );
  });

/**
 * Puts the database back to the snapshot, as `wrangler d1 time-travel restore` does: every table as it was. Tables a
 * trigger writes to are written last, over what the triggers did while the others were put back.
 */
async function restore(copy: Snapshot): Promise<void> {
  const { results } = await env.DB.prepare("SELECT DISTINCT tbl_name AS name FROM sqlite_master WHERE type = 'trigger'").all<{ name: string }>();
  const triggering = new Set(results.map((row) => row.name));
  const names = [...copy.keys()];
  const order = [...names.filter((name) => triggering.has(name)), ...names.filter((name) => !triggering.has(name))];
  await env.DB.batch([...order.map((name) => env.DB.prepare(`DELETE FROM "${name}"`))]);
  for (const name of order) {
    if (!triggering.has(name)) await env.DB.prepare(`DELETE FROM "${name}"`).run();
    const statements = insertAll(name, copy.get(name)!);
    if (statements.length) await env.DB.batch(statements);
  }
}

const stats = async () => (await call<{ stats: SiteStats }>("/api/stats")).json.stats;
const exists = async (sql: string, ...values: unknown[]) => (await env.DB.prepare(sql).bind(...values).first()) !== null;

async function until<T>(read: () => Promise<T | null | undefined>): Promise<T> {
  for (;;) {
    const value = await read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A wish, an address with a wish, a subscription and a message, then a snapshot, then each erased. */
async function eraseAfterSnapshot() {
  const cookie = await signIn();
  const deviceFingerprint = freshFingerprint();
  const own = await call<{ wishId: string }>("/api/wishes", { body: validWish({ wish: "May the quiet rivers keep running clear", deviceFingerprint }) });
  const byOperator = await submit({ wish: "May the mountain villages stay warm all winter" });
  const address = `erase-me-${crypto.randomUUID()}@example.org`;
  const withAddress = await submit({ wish: "May every kitchen table have room for one more", email: address });
  const inbox = await mailboxHash(env, address);
  await until(() => env.DB.prepare("SELECT id FROM outbox WHERE recipient = ?").bind(inbox).first());
  await env.DB.batch([
    env.DB.prepare("INSERT INTO newsletter_subscribers (email, token, created_at) VALUES (?, 'tok', 1)").bind(address),
    env.DB.prepare("INSERT INTO contact_messages (id, email, message, created_at) VALUES ('msg-address', ?, 'Please forget me', 1)").bind(address),
    env.DB.prepare("INSERT INTO contact_messages (id, email, message, created_at) VALUES ('msg-deleted', 'other@example.org', 'Delete this one', 1)"),
  ]);
  const before = await snapshot();
  const statsBefore = await stats();

  expect((await call(`/api/wishes/${own.json.wishId}`, { method: "DELETE", body: { deviceFingerprint } })).status).toBe(200);
  await browserFetch("/admin/moderation", { form: { intent: "delete", id: byOperator.json.wishId, confirm: "yes" }, cookie });
  await browserFetch("/admin/subscribers", { form: { intent: "erase", email: address, confirm: "yes" }, cookie });
  await browserFetch("/admin/messages", { form: { intent: "delete", id: "msg-deleted", confirm: "yes" }, cookie });

  const erased = async () => ({
    own: await exists("SELECT 1 FROM wishes WHERE id = ?", own.json.wishId),
    byOperator: await exists("SELECT 1 FROM wishes WHERE id = ?", byOperator.json.wishId),
    wishAddress: await exists("SELECT 1 FROM wishes WHERE id = ? AND email IS NOT NULL", withAddress.json.wishId),
    mail: await exists("SELECT 1 FROM outbox WHERE lower(to_address) = ?", address),
    subscriber: await exists("SELECT 1 FROM newsletter_subscribers WHERE email = ?", address),
    messages: await exists("SELECT 1 FROM contact_messages WHERE id IN ('msg-address', 'msg-deleted')"),
  });
  const none = { own: false, byOperator: false, wishAddress: false, mail: false, subscriber: false, messages: false };
  expect(await erased()).toEqual(none);
  const statsAfter = await stats();
  expect(statsAfter.totalWishes).toBe(statsBefore.totalWishes - 2);

  await restore(before);
  // The restore brought every erased row back, and the counts that went with them.
  expect(await erased()).toEqual({ own: true, byOperator: true, wishAddress: true, mail: true, subscriber: true, messages: true });
  return { cookie, erased, none, statsAfter, address };
}

describe("an erasure survives a restore of the database", () => {
  it("the documented action on /admin/subscribers erases the restored rows again, once", async () => {
    const { cookie, erased, none, statsAfter } = await eraseAfterSnapshot();
    const answer = await browserFetch("/admin/subscribers", { form: { intent: "reapply-erasures" }, cookie });
    expect(await answer.text()).toContain("Applied 4 erasures again that a restore had undone.");
    expect(await erased()).toEqual(none);
    expect((await stats()).totalWishes).toBe(statsAfter.totalWishes);
    const again = await browserFetch("/admin/subscribers", { form: { intent: "reapply-erasures" }, cookie });
    expect(await again.text()).toContain("Every recorded erasure is in place: nothing to apply again.");
  });

  it("the next cron run does it on its own, and an erasure made after the restore does not hide the older ones", async () => {
    const { erased, none, statsAfter } = await eraseAfterSnapshot();
    const later = await submit({ wish: "May the last lantern on the pier stay lit" });
    await browserFetch("/admin/moderation", { form: { intent: "delete", id: later.json.wishId, confirm: "yes" }, cookie: await signIn() });
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await erased()).toEqual(none);
    expect((await stats()).totalWishes).toBe(statsAfter.totalWishes);
  });

  it("the ledger keeps no address, and forgets entries older than any restore can reach", async () => {
    const started = Date.now();
    const { address } = await eraseAfterSnapshot();
    const entries = await bellRoom(env).erasuresSince(started);
    expect(entries.map((entry) => entry.kind).sort()).toEqual(["address", "message", "wish", "wish"]);
    expect(JSON.stringify(entries)).not.toContain(address);
    expect(JSON.stringify(entries)).not.toContain("@");
    const far = Date.now() + (RETENTION_DAYS.erasureLedger + 1) * DAY_MS;
    await bellRoom(env).recordErasure({ kind: "message", id: "much-later" }, far);
    expect((await bellRoom(env).erasuresSince(0)).map((entry) => entry.kind)).toEqual(["message"]);
  });
});
