import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { builtWorker as worker } from "../support/build";

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

describe("GET /healthz after the cron's tasks, the mail and the rings (issue 47)", () => {
  /** The built Worker's cron run, with its env changed as `change` says. */
  async function cronRun(change: Partial<Env> = {}) {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), { ...env, ...change }, ctx);
    await waitOnExecutionContext(ctx);
  }

  async function healthz() {
    const response = await exports.default.fetch("http://localhost/healthz");
    return { status: response.status, body: (await response.json()) as { healthy: boolean; problems: string[]; heldRings: number } };
  }

  /** D1 as it is, except that statements touching `table` fail. */
  function failingOn(table: string): D1Database {
    return new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare") {
          return (query: string) => {
            if (query.includes(table)) throw new Error(`${table} is unreadable`);
            return target.prepare(query);
          };
        }
        const value = Reflect.get(target, property) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  const forget = () => env.DB.batch([env.DB.prepare("DELETE FROM cron_tasks"), env.DB.prepare("DELETE FROM outbox")]);

  it("answers 503 naming the task when one of the cron's tasks failed in its last runs", async () => {
    await cronRun();
    expect((await healthz()).status).toBe(200);
    // The retention sweep's last step (csp_reports) fails; the run itself goes on and its heartbeat is fresh.
    await cronRun({ DB: failingOn("csp_reports") });
    try {
      const { status, body } = await healthz();
      expect(status).toBe(503);
      expect(body.problems).toEqual([expect.stringMatching(/^The cron task "retention sweep" failed in the last 10 minutes: see the error log of request .+\.$/)]);
      // Later runs that go well do not hide it: it stays until ten minutes have passed.
      await cronRun();
      expect((await healthz()).status).toBe(503);
    } finally {
      await forget();
    }
  });

  it("answers 503 once three mails in a row could not be handed to the sender", async () => {
    const { queueEmail } = await import("~/server/email/outbox.server");
    for (const n of [1, 2]) await queueEmail(env, { kind: "operator-test", to: `ops${n}@example.org`, subject: "s", body: "b" });
    // A mail API that answers 503 to every mail: each delivery attempt fails and is retried by the next run.
    const mailApi = "https://mail.example/send";
    const original = globalThis.fetch;
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) =>
      String(input instanceof Request ? input.url : input) === mailApi ? Promise.resolve(new Response("mailer down", { status: 503 })) : original(input, init),
    );
    try {
      await cronRun({ MAIL_API_URL: mailApi } as Partial<Env>);
      expect((await healthz()).status).toBe(200);
      await cronRun({ MAIL_API_URL: mailApi } as Partial<Env>);
      const { status, body } = await healthz();
      expect(status).toBe(503);
      expect(body.problems).toEqual(["Mail delivery is failing: the last 4 mails could not be handed to the sender, and none was sent since."]);
      expect(JSON.stringify(body)).not.toContain("mail.example");
      expect(JSON.stringify(body)).not.toContain("ops1@example.org");
    } finally {
      fetchSpy.mockRestore();
      await forget();
    }
  });

  it("answers 503 while a ring holds its wishes for the operator", async () => {
    await cronRun();
    const id = `held-${crypto.randomUUID()}`;
    await env.DB.prepare("INSERT INTO bell_rings (id, created_at, provider, status, wishes_held) VALUES (?, ?, 'ibm', 'failed', 1)").bind(id, Date.now()).run();
    try {
      const { status, body } = await healthz();
      expect(status).toBe(503);
      expect(body.heldRings).toBe(1);
      expect(body.problems).toEqual(["1 ring holds its wishes for the operator: release them in /admin once the provider shows the job ended."]);
    } finally {
      await env.DB.prepare("DELETE FROM bell_rings WHERE id = ?").bind(id).run();
      await forget();
    }
  });
});
