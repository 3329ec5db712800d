import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { bellRoom } from "~/server/edge/bell-room-client.server";
import type { RingRequest } from "../../workers/bell-room/bell-room";
import { freshIp, ORIGIN, validWish } from "../support/api";
import { builtWorker as worker } from "../support/build";

// Product metrics go to Workers Analytics Engine through the METRICS binding (declared for staging and production);
// here a recording stand-in of the binding. Without it (this lane's wrangler.toml top level) nothing is written.

function dataset() {
  const points: AnalyticsEngineDataPoint[] = [];
  return { points, binding: { writeDataPoint: vi.fn((point?: AnalyticsEngineDataPoint) => void points.push(point!)) } as AnalyticsEngineDataset };
}

async function post(path: string, body: unknown, extra: Partial<Env>, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp(), "Accept-Language": "fr-FR,fr;q=0.9", ...headers },
    body: JSON.stringify(body),
  });
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], { ...env, ...extra }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe("product metrics", () => {
  it("writes one point per wish, by language and country code only", async () => {
    const { points, binding } = dataset();
    const response = await post("/api/wishes", validWish({ country: "France", email: "someone@example.org" }), { METRICS: binding } as Partial<Env>, {
      Referer: `${ORIGIN}/fr`,
    });
    expect(response.status).toBe(201);
    const wish = points.filter((point) => point.indexes?.[0] === "wish_submitted");
    expect(wish).toHaveLength(1);
    expect(wish[0].blobs?.[0]).toBe("wish_submitted");
    expect(wish[0].blobs?.[2]).toBe("FR");
    expect(wish[0].doubles).toEqual([1, 0]);
    expect(JSON.stringify(points)).not.toMatch(/someone@example\.org|May every child|test_/);
  });

  it("writes one point per API error, with its code", async () => {
    const { points, binding } = dataset();
    const response = await post("/api/wishes", { wish: "" }, { METRICS: binding } as Partial<Env>);
    expect(response.status).toBe(400);
    const errors = points.filter((point) => point.indexes?.[0] === "api_error");
    expect(errors).toHaveLength(1);
    expect(errors[0].blobs?.[1]).toBe("fr");
    expect(errors[0].blobs?.[4]).toMatch(/^[a-z_]+$/);
  });

  it("writes a ring and its completion with the provider and seconds", async () => {
    await post("/api/wishes", validWish(), {});
    const { points, binding } = dataset();
    await runInDurableObject(bellRoom(env), async (room, state) => {
      await state.storage.delete("lastRingAt");
      const roomEnv = (room as unknown as { env: Env & { METRICS?: AnalyticsEngineDataset } }).env;
      roomEnv.METRICS = binding;
      try {
        const outcome = await room.ring({ rungByHash: "metrics-test" } as RingRequest);
        expect(outcome.ok).toBe(true);
        await expect.poll(() => points.filter((point) => point.indexes?.[0] === "ring_completed").length).toBe(1);
      } finally {
        delete roomEnv.METRICS;
      }
    });
    expect(points.filter((point) => point.indexes?.[0] === "ring")).toHaveLength(1);
    const completed = points.find((point) => point.indexes?.[0] === "ring_completed")!;
    expect(completed.blobs?.[3]).toBe("simulator");
    expect(typeof completed.doubles?.[1]).toBe("number");
  });

  it("does nothing where the binding is absent", async () => {
    const response = await post("/api/wishes", validWish(), {});
    expect(response.status).toBe(201);
    expect((env as unknown as { METRICS?: unknown }).METRICS).toBeUndefined();
  });
});
