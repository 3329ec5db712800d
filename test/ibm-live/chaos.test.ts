/**
 * Issue 30: chaos on the IBM path as deployed. The room's job runner with the production provider (real HTTP from
 * workerd to a fake IBM service of its own) rings 200+ rings while the fake injects transient faults at random into
 * every call (5xx, Cloudflare's 524, calls that never answer, odd shapes, 429s, dropped connections, in bursts), fails
 * chosen jobs after accepting them, and the room is replaced at random points, in the middle of a call included
 * (its answer never arrives, as when an isolate is evicted or a cron run dies). Seeded: the seed is printed, and
 * CHAOS_SEED replays a run.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { claimRing } from "~/server/rings/claim.server";
import { mulberry32 } from "../fakes/ibm-fake";
import type { RoomProvider, RoomProviders } from "../../workers/bell-room/room-provider";
import { roomProviders } from "../../workers/bell-room/room-provider";
import { RingJobs } from "../../workers/bell-room/ring-jobs";
import { DEFAULT_MAX_JOBS_PER_RING } from "../../workers/bell-room/ring-job-settings";

const RINGS = 200;
/** Fixed, so CI runs the same faults every time; `CHAOS_SEED=… npm run test:ibm` (any integer) explores others. */
const SEED = Number(env.CHAOS_SEED || 20261127);
const MAX_STEPS = 6_000;

interface FakeJob {
  id: string;
  tags: string[];
  status: string;
  charged: boolean;
  createdAt: string;
}

const chaosUrl = () => env.IBM_CHAOS_FAKE_URL!;
async function control(path: string, body?: unknown) {
  const response = await fetch(`${chaosUrl()}/__fake/${path}`, {
    method: body === undefined ? "GET" : "POST",
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
  expect(response.status).toBeLessThan(300);
  return response.status === 204 ? null : response.json();
}

/**
 * The room's providers, where each call may be the one during which the room dies: its answer then never comes, and
 * nothing of that room calls out again (a dead isolate does nothing more), while a new room takes over.
 */
function mortal(providers: RoomProviders, dies: () => boolean, onDeath: () => void): RoomProviders {
  let dead = false;
  const wrap = (provider: RoomProvider): RoomProvider =>
    new Proxy(provider, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== "function" || key === "remaining") return value;
        return async (...args: unknown[]) => {
          if (dead) return new Promise(() => undefined);
          const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).catch((error: unknown) => ({ thrown: error }));
          if (dead || dies()) {
            dead = true;
            onDeath();
            return new Promise(() => undefined);
          }
          if (result && typeof result === "object" && "thrown" in result) throw (result as { thrown: unknown }).thrown;
          return result;
        };
      },
    });
  return { current: () => wrap(providers.current()), forRing: (name) => wrap(providers.forRing(name)) };
}

describe("chaos on the IBM path", () => {
  it(`rings ${RINGS} rings through random faults and restarts without paying twice or losing a wish`, { timeout: 600_000 }, async () => {
    const random = mulberry32(SEED);
    const failCreatedJobs = Array.from({ length: 600 }, (_, i) => i + 1).filter(() => random() < 0.08);
    await control("reset", { jobRateLimit: false, faults: { seed: SEED, rate: 0.06 }, failCreatedJobs, pendingUsageReads: 1, finishBeforeCancel: 0.5 });
    const providers = roomProviders({
      ...env,
      IBM_API_URL: `${chaosUrl()}/api/v1`,
      IBM_IAM_URL: `${chaosUrl()}/identity/token`,
      IBM_REQUEST_TIMEOUT_MS: "200",
      IBM_JOB_CREATE_TIMEOUT_MS: "300",
    } as Env);

    let dead = false;
    let deaths = 0;
    let restarts = 0;
    // The ceiling is checked before every job, far above what 200 rings spend.
    const settings = { jobsPerMinute: 10_000, maxQueueMs: 4 * 60_000, ibmPollMs: 10_000, monthlyBudgetSeconds: 1_000_000 };
    const newRoom = () =>
      new RingJobs(env, mortal(providers, () => random() < 0.015, () => (dead = true)), () => undefined, async () => undefined, settings);
    let room = newRoom();
    /** Runs one call into the room; if the room dies during it, the call is abandoned and a new room takes over. */
    const run = async (call: (jobs: RingJobs) => Promise<unknown>) => {
      dead = false;
      let abandon: () => void = () => undefined;
      const died = new Promise<void>((resolve) => (abandon = resolve));
      const watcher = setInterval(() => dead && abandon(), 5);
      try {
        await Promise.race([call(room), died]);
      } finally {
        clearInterval(watcher);
      }
      if (dead) {
        deaths += 1;
        room = newRoom();
      }
    };

    let now = Date.now();
    let wishCount = 0;
    const claims = new Map<string, string[]>();
    const addWishes = async (n: number) => {
      const statements = Array.from({ length: n }, () => {
        wishCount += 1;
        return env.DB.prepare("INSERT INTO wishes (id, text, theme, status, fingerprint_hash, created_at) VALUES (?, ?, 'peace', 'pending', 'chaos', ?)").bind(
          `chaos-wish-${String(wishCount).padStart(5, "0")}`,
          `A chaos wish for quiet harbours, number ${wishCount}`,
          now + wishCount,
        );
      });
      await env.DB.batch(statements);
    };

    for (let step = 0; step < MAX_STEPS; step += 1) {
      if (claims.size < RINGS && random() < 0.5) {
        await addWishes(1 + Math.floor(random() * 4));
        const id = `chaos-ring-${String(claims.size).padStart(4, "0")}`;
        const { claimed } = await claimRing(env, { id, createdAt: now, provider: "ibm", rungByHash: "chaos", virtual: false });
        if (claimed.length > 0) {
          claims.set(id, claimed.map((w) => w.id));
          // As in the room, a slow creation goes on while the poller runs (the ring answered after 3 s).
          const at = now;
          await run((jobs) =>
            random() < 0.3
              ? Promise.all([jobs.submit({ id, provider: "ibm", submitStartedAt: null }, claimed, 0, at), jobs.advanceDue(at)])
              : jobs.submit({ id, provider: "ibm", submitStartedAt: null }, claimed, 0, at),
          );
        }
      }
      if (random() < 0.02) {
        restarts += 1;
        room = newRoom();
      }
      await run((jobs) => jobs.advanceDue(now));
      // Now and then the poller is late (a busy isolate, a missed cron): a job read late may be past the queue bound.
      now += random() < 0.05 ? 5 * 60_000 + Math.floor(random() * 10 * 60_000) : 5_000 + Math.floor(random() * 85_000);
      if (claims.size >= RINGS) {
        const open = await env.DB.prepare("SELECT COUNT(*) AS n FROM bell_rings WHERE status IN ('queued', 'running') OR usage_final = 0").first<{ n: number }>();
        if (open?.n === 0) break;
      }
    }

    const rings = (await env.DB.prepare("SELECT id, status, wishes_held, job_requests, attempts FROM bell_rings").all<{ id: string; status: string; wishes_held: number; job_requests: number; attempts: number }>()).results;
    const { jobs } = (await control("state")) as { jobs: FakeJob[] };
    const jobsOf = (ringId: string) => jobs.filter((job) => job.tags.includes(`ring:${ringId}`));
    const counts = {
      seed: SEED,
      rings: rings.length,
      completed: rings.filter((r) => r.status === "completed").length,
      failed: rings.filter((r) => r.status === "failed" && !r.wishes_held).length,
      held: rings.filter((r) => r.wishes_held).length,
      jobs: jobs.length,
      jobsFailedOrCancelled: jobs.filter((j) => j.status === "Failed" || j.status === "Cancelled").length,
      jobsCharged: jobs.filter((j) => j.charged).length,
      replacedJobs: rings.filter((r) => jobsOf(r.id).length > 1).length,
      cancels: (await env.DB.prepare("SELECT COUNT(*) AS n FROM ring_jobs WHERE state = 'cancelled'").first<{ n: number }>())?.n,
      deaths,
      restarts,
      wishes: wishCount,
    };
    console.log(`chaos: ${JSON.stringify(counts)}`);

    // Rings whose jobs break a rule, with their history, so a failure says what happened.
    const broken = [];
    for (const ring of rings) {
      const made = jobsOf(ring.id);
      const endedEarlier = made.slice(0, -1).every((job) => job.status === "Failed" || job.status === "Cancelled");
      const freedSafely = ring.status !== "failed" || ring.wishes_held === 1 || made.every((job) => job.status === "Failed" || job.status === "Cancelled");
      if (!endedEarlier || !freedSafely) {
        const history = await env.DB.prepare("SELECT job_id, state, ran, error FROM ring_jobs WHERE ring_id = ?").bind(ring.id).all();
        const stored = await env.DB.prepare("SELECT * FROM bell_rings WHERE id = ?").bind(ring.id).first();
        broken.push({ ring: stored, fake: made, history: history.results });
      }
    }
    if (broken.length) console.log(`chaos broke: ${JSON.stringify(broken, null, 1)}`);
    expect(rings).toHaveLength(RINGS);
    // Every ring ended, within its bounds.
    expect(rings.filter((r) => r.status !== "completed" && r.status !== "failed")).toEqual([]);
    for (const ring of rings) {
      expect(ring.job_requests).toBeLessThanOrEqual(DEFAULT_MAX_JOBS_PER_RING);
      const made = jobsOf(ring.id);
      // Never more paid jobs than allowed; a job was replaced only once it had ended without a result.
      expect(made.length).toBeLessThanOrEqual(DEFAULT_MAX_JOBS_PER_RING);
      for (const earlier of made.slice(0, -1)) expect(["Failed", "Cancelled"]).toContain(earlier.status);
      expect(made.filter((job) => job.status === "Completed").length).toBeLessThanOrEqual(1);
      // At most one charged job, unless an earlier one ran and then ended Failed or Cancelled.
      const chargedThenEnded = made.slice(0, -1).filter((job) => job.charged && (job.status === "Failed" || job.status === "Cancelled")).length;
      expect(made.filter((job) => job.charged).length).toBeLessThanOrEqual(1 + chargedThenEnded);
      // A failed ring's wishes were freed only when none of its jobs could still run or had a result.
      if (ring.status === "failed" && !ring.wishes_held) for (const job of made) expect(["Failed", "Cancelled"]).toContain(job.status);
      if (ring.status === "completed") expect(made.at(-1)?.status).toBe("Completed");
    }
    // No wish is in two completed rings.
    const completedWishes = rings.filter((r) => r.status === "completed").flatMap((r) => claims.get(r.id) ?? []);
    expect(new Set(completedWishes).size).toBe(completedWishes.length);
    // Every failed ring's wishes are pending again (or were rung by a later ring).
    const failedRingWishes = rings.filter((r) => r.status === "failed" && !r.wishes_held).flatMap((r) => claims.get(r.id) ?? []);
    for (const id of failedRingWishes) {
      const wish = await env.DB.prepare("SELECT status, bell_ring_id FROM wishes WHERE id = ?").bind(id).first<{ status: string; bell_ring_id: string | null }>();
      const laterRing = wish?.bell_ring_id ? rings.find((r) => r.id === wish.bell_ring_id) : undefined;
      expect(wish?.status === "pending" || (laterRing !== undefined && laterRing.status !== "failed") || laterRing?.wishes_held === 1).toBe(true);
    }
    expect(counts.completed).toBeGreaterThan(RINGS / 2);
  });
});
