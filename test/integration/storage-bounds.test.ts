import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RESONANCE_NETWORK_DAILY_CAP } from "~/domain/limits";
import { RESONANCE_DAILY_LIMITED } from "~/domain/messages";
import { networkKey } from "~/domain/network";
import { privateHash } from "~/server/edge/hashing.server";
import { consumeRateLimit } from "~/server/edge/rate-limit.server";
import { builtWorker as worker } from "../support/build";
import { browserFetch, call, freshFingerprint, freshIp, submit } from "../support/api";

// Issue 31, point 8: what one network can write to D1 is bounded.

const rows = async (sql: string, ...values: unknown[]) => (await env.DB.prepare(sql).bind(...values).first<{ n: number }>())!.n;

describe("storage per network", () => {
  it("one network stores one resonance row per wish, however many devices it mints", async () => {
    const { json } = await submit({ wish: "May the ferry crossings stay calm all winter" });
    const ip = freshIp();
    for (let i = 0; i < 30; i += 1) {
      const answer = await call<{ alreadyResonated: boolean }>(`/api/wishes/${json.wishId}/resonate`, { body: { deviceFingerprint: freshFingerprint() }, ip });
      expect(answer.status).toBe(200);
      expect(answer.json.alreadyResonated).toBe(i > 0);
    }
    expect(await rows("SELECT COUNT(*) AS n FROM resonances WHERE wish_id = ?", json.wishId)).toBe(1);
  });

  it(`past ${RESONANCE_NETWORK_DAILY_CAP} rows today a network is refused and writes nothing`, async () => {
    const ip = freshIp();
    const network = await privateHash(env.HASH_SECRET, "ip", networkKey(ip));
    const insert = env.DB.prepare("INSERT INTO resonances (wish_id, fingerprint_hash, network_hash, counted, created_at) VALUES (?, ?, ?, 1, ?)");
    await env.DB.batch(Array.from({ length: RESONANCE_NETWORK_DAILY_CAP }, (_, i) => insert.bind(`filler-${crypto.randomUUID()}`, `f${i}`, network, Date.now())));
    const { json } = await submit({ wish: "May the night trains arrive safely every time" });
    const refused = await call<{ code: string; error: string }>(`/api/wishes/${json.wishId}/resonate`, { body: { deviceFingerprint: freshFingerprint() }, ip });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: "daily_limit", error: RESONANCE_DAILY_LIMITED });
    expect(await rows("SELECT COUNT(*) AS n FROM resonances WHERE network_hash = ?", network)).toBe(RESONANCE_NETWORK_DAILY_CAP);
  });

  it("a refused request writes nothing to rate_limits, and the cron sweeps ended windows", async () => {
    const key = `test:${crypto.randomUUID()}`;
    const now = Date.now();
    for (let i = 0; i < 3; i += 1) expect((await consumeRateLimit(env.DB, key, 3, 60_000, now)).allowed).toBe(true);
    const changesBefore = await rows("SELECT count AS n FROM rate_limits WHERE key = ?", key);
    for (let i = 0; i < 5; i += 1) expect((await consumeRateLimit(env.DB, key, 3, 60_000, now)).allowed).toBe(false);
    expect(await rows("SELECT count AS n FROM rate_limits WHERE key = ?", key)).toBe(changesBefore);

    const ended = `test:${crypto.randomUUID()}`;
    await consumeRateLimit(env.DB, ended, 3, 60_000, now - 120_000);
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: new Date(), cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await rows("SELECT COUNT(*) AS n FROM rate_limits WHERE key = ?", ended)).toBe(0);
    expect(await rows("SELECT COUNT(*) AS n FROM rate_limits WHERE key = ?", key)).toBe(1);
  });

  it("/mail/stop stores only tokens of addresses the site mailed, and is limited per network", async () => {
    const ip = freshIp();
    const madeUp = "ab".repeat(32);
    const answer = await browserFetch(`/mail/stop?t=${madeUp}`, { method: "POST", form: { t: madeUp }, ip });
    expect(answer.status).toBe(400);
    expect(await rows("SELECT COUNT(*) AS n FROM mail_stops WHERE address_hash = ?", madeUp)).toBe(0);
    let limited = 0;
    for (let i = 0; i < 25; i += 1) {
      const token = crypto.randomUUID().replaceAll("-", "").repeat(2);
      const response = await browserFetch(`/mail/stop?t=${token}`, { method: "POST", form: { t: token }, ip });
      if (response.status === 429) limited += 1;
    }
    expect(limited).toBeGreaterThan(0);
  });
});
