import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";

describe("GET /api/infrastructure/health", () => {
  it("reports D1, the Cache API and the BellRoom as connected", async () => {
    const response = await exports.default.fetch("http://localhost/api/infrastructure/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({
      success: true,
      database: { connected: true },
      cache: { connected: true },
      redis: { connected: true },
      quantum: { provider: "simulator", ready: true },
    });
  });

  it("reports the database as down when D1 fails, without failing itself", async () => {
    const { checkHealth } = await import("~/server/edge/health.server");
    const brokenDb = { prepare: () => ({ first: () => Promise.reject(new Error("D1 is down")) }) } as unknown as D1Database;
    const report = await checkHealth({ ...env, DB: brokenDb });
    expect(report.database.connected).toBe(false);
    expect(report.redis.connected).toBe(true);
  });
});

describe("health where the Cache API stores nothing (a *.workers.dev host)", () => {
  it("reports every service connected, so the page shows no banner", async () => {
    const { healthVerdict } = await import("~/domain/health");
    const cache = (caches as unknown as { default: Cache }).default;
    const put = vi.spyOn(cache, "put").mockResolvedValue(undefined);
    const match = vi.spyOn(cache, "match").mockResolvedValue(undefined);
    try {
      const response = await exports.default.fetch("http://localhost/api/infrastructure/health");
      const body = await response.json();
      expect(put).toHaveBeenCalled();
      expect(match).toHaveBeenCalled();
      expect(body).toMatchObject({ database: { connected: true }, cache: { connected: true }, redis: { connected: true } });
      expect(healthVerdict(response.status, body)).toBe("ok");
    } finally {
      put.mockRestore();
      match.mockRestore();
    }
  });

  it("reports the cache down only when the Cache API itself fails", async () => {
    const { checkHealth } = await import("~/server/edge/health.server");
    const cache = (caches as unknown as { default: Cache }).default;
    const put = vi.spyOn(cache, "put").mockRejectedValue(new Error("cache unavailable"));
    try {
      expect((await checkHealth(env)).cache.connected).toBe(false);
    } finally {
      put.mockRestore();
    }
  });
});

describe("GET /healthz", () => {
  const brokenDb = { prepare: () => ({ first: () => Promise.reject(new Error("D1 is down")) }) } as unknown as D1Database;

  async function cronRanAt(at: number) {
    const { recordHeartbeat } = await import("~/server/edge/operations.server");
    await recordHeartbeat(env, at, null);
  }

  it("answers 200 with the cron's last run when everything is up", async () => {
    await cronRanAt(Date.now() - 30_000);
    const response = await exports.default.fetch("http://localhost/healthz");
    const body = (await response.json()) as { healthy: boolean; cron: { stale: boolean; lagSeconds: number }; stuckRings: number; problems: string[] };
    expect(body.problems).toEqual([]);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(body).toMatchObject({ healthy: true, database: { connected: true }, cron: { stale: false }, stuckRings: 0 });
    expect(body.cron.lagSeconds).toBeGreaterThanOrEqual(29);
  });

  it("answers 503 when D1 fails", async () => {
    const { healthz } = await import("~/server/edge/healthz.server");
    const response = await healthz({ ...env, DB: brokenDb });
    expect(response.status).toBe(503);
    const body = (await response.json()) as { healthy: boolean; problems: string[] };
    expect(body.healthy).toBe(false);
    expect(body.problems).toContain("The database (D1) does not answer.");
  });

  it("answers 503 when the cron has not run for more than 5 minutes", async () => {
    const now = Date.now();
    await cronRanAt(now - 5 * 60_000 - 1_000);
    const response = await exports.default.fetch("http://localhost/healthz");
    expect(response.status).toBe(503);
    const body = (await response.json()) as { cron: { stale: boolean }; problems: string[] };
    expect(body.cron.stale).toBe(true);
    expect(body.problems).toEqual(["The cron has not run in the last 5 minutes."]);
    await cronRanAt(Date.now());
  });

  it("counts a ring nothing has moved for 5 minutes as stuck, and answers 503", async () => {
    await cronRanAt(Date.now());
    const id = `stuck-${crypto.randomUUID()}`;
    const past = Date.now() - 10 * 60_000;
    await env.DB.prepare("INSERT INTO bell_rings (id, created_at, provider, status, next_attempt_at) VALUES (?, ?, 'simulator', 'queued', ?)")
      .bind(id, past, past)
      .run();
    try {
      const response = await exports.default.fetch("http://localhost/healthz");
      const body = (await response.json()) as { stuckRings: number; problems: string[] };
      expect(response.status).toBe(503);
      expect(body.stuckRings).toBe(1);
      expect(body.problems).toEqual(["1 ring is stuck past their deadline."]);
    } finally {
      await env.DB.prepare("DELETE FROM bell_rings WHERE id = ?").bind(id).run();
    }
  });
});
