import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

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
    const { checkHealth } = await import("~/server/health.server");
    const brokenDb = { prepare: () => ({ first: () => Promise.reject(new Error("D1 is down")) }) } as unknown as D1Database;
    const report = await checkHealth({ ...env, DB: brokenDb });
    expect(report.database.connected).toBe(false);
    expect(report.redis.connected).toBe(true);
  });
});
