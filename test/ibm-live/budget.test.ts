/**
 * Issue 30: the operator's monthly ceiling on IBM time (IBM_MONTHLY_BUDGET_SECONDS = 1000 in this lane), on the
 * Worker as deployed: once this month's recorded seconds plus the next ring's estimate would pass it, the credits read
 * 0, the bell shows the spec's "Out of Credits" banner, a ring is refused with the spec's sentence, and no job is
 * created for a ring that was already waiting.
 */
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CREDITS_OUT, RING_OUT_OF_CREDITS } from "~/domain/messages";
import { ERROR_CODE } from "~/domain/error-codes";
import { bellRoom } from "~/server/edge/bell-room-client.server";
import { claimRing } from "~/server/rings/claim.server";
import { roomProviders } from "../../workers/bell-room/room-provider";
import { RingJobs } from "../../workers/bell-room/ring-jobs";
import { call, submit } from "../support/api";

const fake = (path: string, init?: RequestInit) => fetch(`${env.IBM_FAKE_URL}${path}`, init);

/** This month's jobs: `count` settled jobs of `seconds` each (so the next ring's estimate is `seconds`). */
async function spent(count: number, seconds: number) {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) =>
    env.DB.prepare("INSERT INTO ring_jobs (job_id, ring_id, provider, created_at, state, ran, charged_seconds) VALUES (?, ?, 'ibm', ?, 'completed', 1, ?)").bind(
      `budget-job-${i}`,
      `budget-ring-${i}`,
      now - i,
      seconds,
    ),
  );
  await env.DB.batch(rows);
}

beforeEach(async () => {
  await fake("/__fake/reset", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }).then((r) => r.body?.cancel());
  await runInDurableObject(bellRoom(env), async (_instance, state) => {
    await state.storage.delete("lastRingAt");
  });
});

afterEach(async () => {
  await env.DB.prepare("DELETE FROM ring_jobs WHERE job_id LIKE 'budget-job-%'").run();
});

describe("the monthly ceiling on IBM seconds", () => {
  it("leaves the bell ringing while the next ring fits: 249 jobs of 4 s and one more of 4 s make exactly 1000", async () => {
    await spent(249, 4);
    const { json } = await call<{ seconds: number }>("/api/quantum-credits-remaining");
    expect(json.seconds).toBe(4);
  });

  it("once the next ring would pass it: credits 0, the banner, the spec's refusal, and no job at IBM", async () => {
    await spent(250, 4);
    const credits = await call<{ seconds: number; success: boolean }>("/api/quantum-credits-remaining");
    expect(credits.json).toMatchObject({ success: true, seconds: 0 });

    const wishId = (await submit({ wish: "A ring the budget cannot pay for" })).json.wishId as string;
    const ring = await call<{ error: string; code: string }>("/api/bell/ring", { body: { wishIds: [wishId], deviceFingerprint: "budget_test_device_0001" } });
    expect(ring.status).toBe(409);
    expect(ring.json).toMatchObject({ code: ERROR_CODE.outOfCredits, error: RING_OUT_OF_CREDITS });

    const home = await (await exports.default.fetch("http://localhost/")).text();
    expect(home).toContain(CREDITS_OUT);

    // A ring that was already waiting (claimed before the ceiling was reached) makes no job: it gives its wishes back.
    const { claimed } = await claimRing(env, { id: "budget-waiting-ring", createdAt: Date.now(), provider: "ibm", rungByHash: "h", virtual: false }, { requestedIds: [wishId] });
    expect(claimed).toHaveLength(1);
    const jobs = new RingJobs(env, roomProviders(env), () => undefined, async () => undefined);
    await jobs.submit({ id: "budget-waiting-ring", provider: "ibm", submitStartedAt: null }, claimed, 0, Date.now());
    const row = await env.DB.prepare("SELECT status, error FROM bell_rings WHERE id = 'budget-waiting-ring'").first<{ status: string; error: string }>();
    expect(row?.status).toBe("failed");
    expect(row?.error).toMatch(/would pass IBM_MONTHLY_BUDGET_SECONDS \(1000 s\)/);
    const wish = await env.DB.prepare("SELECT status FROM wishes WHERE id = ?").bind(wishId).first<{ status: string }>();
    expect(wish?.status).toBe("pending");
    const state = (await (await fake("/__fake/state")).json()) as { jobs: unknown[] };
    expect(state.jobs).toEqual([]);
  });
});
