import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { RoomMessage } from "~/domain/room-messages";
import { claimRing } from "~/server/rings/claim.server";
import { ProviderError, type JobStatus, type QuantumProvider } from "../../workers/quantum";
import { RingJobs } from "../../workers/bell-room/ring-jobs";
import { MAX_ATTEMPTS, retryDelayMs } from "../../workers/bell-room/ring-job-rules";
import type { RingJobsSettings } from "../../workers/bell-room/ring-job-settings";
import type { RoomProvider } from "../../workers/bell-room/room-provider";
import { submit } from "../support/api";
import { ibmRing, onlyProvider } from "../support/providers";

type Script = { submit?: () => Promise<{ jobId: string; backend: string }>; poll?: () => Promise<JobStatus>; remaining?: QuantumProvider["remaining"] };

/** Makes the ring due now, whatever its back-off, and lets the poller at it. */
async function tick(jobs: RingJobs, ringId: string, now: number) {
  await env.DB.prepare("UPDATE bell_rings SET next_attempt_at = 0 WHERE id = ? AND status IN ('queued', 'running')").bind(ringId).run();
  await jobs.advanceDue(now);
}

function scriptedProvider(script: Script): RoomProvider {
  const provider: QuantumProvider = {
    name: "ibm",
    submit: async () => ({ provider: "ibm", qasm: null, physicalQubits: [], ...(await (script.submit ?? (async () => ({ jobId: "job-1", backend: "ibm_fake" })))()) }),
    poll: async () => (script.poll ?? (async () => ({ state: "running" }) as JobStatus))(),
    remaining: script.remaining ?? (async () => ({ seconds: 100 })),
    // The ring's jobs as the provider lists them: none was ever made by a failed creation here.
    findJobs: async () => [],
  };
  return { ...provider, instanceId: "ibm-quantum" };
}

async function ringWithPendingWishes(count: number) {
  // A ring takes the oldest pending wishes (issue 31): none may be left over from another test.
  await env.DB.prepare("UPDATE wishes SET status = 'entangled' WHERE status = 'pending'").run();
  const wishIds: string[] = [];
  for (let i = 0; i < count; i += 1) {
    wishIds.push((await submit({ wish: `Healing for every hospital ward, number ${i}` })).json.wishId);
  }
  const ringId = `ring-${crypto.randomUUID()}`;
  const { claimed: wishes } = await claimRing(env, { id: ringId, createdAt: Date.now(), provider: "ibm", rungByHash: "h", virtual: false }, { requestedIds: wishIds });
  return { ringId, wishIds, wishes };
}

async function ringRow(ringId: string) {
  return env.DB.prepare("SELECT status, attempts, error, job_id, next_attempt_at, read_failures FROM bell_rings WHERE id = ?").bind(ringId).first<Record<string, string | number | null>>();
}

async function wishStatuses(ids: string[]) {
  const rows = await env.DB.prepare(`SELECT status, bell_ring_id FROM wishes WHERE id IN (${ids.map(() => "?").join(",")})`).bind(...ids).all();
  return rows.results;
}

const unlimitedJobs: Partial<RingJobsSettings> = { jobsPerMinute: 1_000 };

function harness(provider: RoomProvider, settings?: Partial<RingJobsSettings>) {
  const sent: RoomMessage[] = [];
  const alarms: number[] = [];
  const jobs = new RingJobs(env, onlyProvider(provider), (m) => sent.push(m), async (at) => void alarms.push(at), settings);
  return { jobs, sent, alarms };
}

describe("RingJobs: retries and failures never lose a wish", () => {
  it("a provider that is down leaves the ring queued, retries with back-off, then fails and frees the wishes", async () => {
    const { ringId, wishIds, wishes } = await ringWithPendingWishes(2);
    const { jobs, sent } = harness(scriptedProvider({ submit: async () => Promise.reject(new ProviderError("IBM answered 503", true, undefined, true, 503)) }));
    let now = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, now);
    let row = await ringRow(ringId);
    expect(row).toMatchObject({ status: "queued", attempts: 1, error: "IBM answered 503", job_id: null });
    // A 503 may come after IBM made the job: the next attempt looks the ring's jobs up first, a little later.
    expect(row?.next_attempt_at).toBeGreaterThanOrEqual(now + retryDelayMs(1));
    expect(sent.at(-1)).toMatchObject({ type: "batch-update", subType: "failed", bellRingId: ringId, data: { retrying: true } });
    expect((await wishStatuses(wishIds)).every((w) => w.status === "submitted_for_batching")).toBe(true);

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
      now += 10 * 60_000;
      await tick(jobs, ringId, now);
    }
    row = await ringRow(ringId);
    expect(row).toMatchObject({ status: "queued", attempts: MAX_ATTEMPTS });
    // Attempts spent: one last lookup finds no job of the ring, so its wishes may ring again.
    await tick(jobs, ringId, now + 20 * 60_000);
    row = await ringRow(ringId);
    expect(row?.status).toBe("failed");
    expect(row?.attempts).toBe(MAX_ATTEMPTS);
    expect(sent.at(-1)).toMatchObject({ subType: "failed", data: { retrying: false } });
    expect(await wishStatuses(wishIds)).toEqual(wishIds.map(() => ({ status: "pending", bell_ring_id: null })));
  });

  it("does not retry before the back-off has passed", async () => {
    const { ringId, wishes } = await ringWithPendingWishes(1);
    const { jobs } = harness(scriptedProvider({ submit: async () => Promise.reject(new ProviderError("timeout", true)) }));
    const now = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, now);
    await jobs.advanceDue(now + 10);
    expect((await ringRow(ringId))?.attempts).toBe(1);
  });

  it("a permanent provider error fails the ring at once and frees its wishes", async () => {
    const { ringId, wishIds, wishes } = await ringWithPendingWishes(1);
    const { jobs } = harness(scriptedProvider({ submit: async () => Promise.reject(new ProviderError("The quantum instance has used up its time.", false)) }));
    await jobs.submit(ibmRing(ringId), wishes, 0, Date.now());
    expect((await ringRow(ringId))?.status).toBe("failed");
    expect((await wishStatuses(wishIds))[0]).toEqual({ status: "pending", bell_ring_id: null });
  });

  it("a job that fails on the backend is resubmitted, then completes", async () => {
    const { ringId, wishIds, wishes } = await ringWithPendingWishes(2);
    let polls = 0;
    const { jobs, sent } = harness(
      scriptedProvider({
        poll: async () => {
          polls += 1;
          if (polls === 1) return { state: "failed", error: "Job cancelled by the backend", retryable: true };
          return { state: "completed", bitstring: "10", counts: { "10": 60, "01": 40 }, usageSeconds: 3, queueSeconds: null, runSeconds: null };
        },
      }),
    );
    let now = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, now);
    await jobs.advanceDue(now);
    // The job ended: it is replaced. Attempts count submissions, so the replacement is the second.
    expect(await ringRow(ringId)).toMatchObject({ status: "queued", job_id: null, attempts: 1 });
    now += retryDelayMs(1);
    await jobs.advanceDue(now);
    expect(await ringRow(ringId)).toMatchObject({ status: "running", attempts: 2 });
    await jobs.advanceDue(now);
    expect((await ringRow(ringId))?.status).toBe("completed");
    expect((await wishStatuses(wishIds)).every((w) => w.status === "entangled")).toBe(true);
    expect(sent.at(-1)).toMatchObject({ subType: "completed", data: { result: { quantumResult: "10", counts: { "10": 60, "01": 40 } } } });
    const ledger = await env.DB.prepare("SELECT COUNT(*) AS n FROM credit_ledger WHERE ring_id = ?").bind(ringId).first<{ n: number }>();
    expect(ledger?.n).toBe(0);
  });

  it("a question that times out keeps the job and asks again later", async () => {
    const { ringId, wishes } = await ringWithPendingWishes(1);
    const { jobs } = harness(scriptedProvider({ poll: async () => Promise.reject(new ProviderError("garbage JSON from IBM", true)) }));
    const now = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, now);
    await jobs.advanceDue(now);
    expect(await ringRow(ringId)).toMatchObject({ status: "running", job_id: "job-1", attempts: 1, read_failures: 1 });
    expect((await ringRow(ringId))?.error).toMatch(/^Reading job job-1 failed \(1 in a row\): garbage JSON from IBM$/);
  });

  // Last in the file: its jobs count toward the provider's per-minute limit, which the tests above stay within.
  it("a finished ring's message says the credits left, and goes without them when the provider is slow to say", async () => {
    const completed: JobStatus = { state: "completed", bitstring: "1", counts: { "1": 100 }, usageSeconds: 2, queueSeconds: null, runSeconds: null };
    const quick = await ringWithPendingWishes(1);
    const answered = harness(scriptedProvider({ poll: async () => completed, remaining: async () => ({ seconds: 95 }) }), unlimitedJobs);
    await answered.jobs.submit(ibmRing(quick.ringId), quick.wishes, 0, Date.now());
    await answered.jobs.advanceDue(Date.now());
    expect(answered.sent.at(-1)).toMatchObject({ subType: "completed", data: { creditsSeconds: 95 } });

    const slow = await ringWithPendingWishes(1);
    // A balance that never comes: the result still goes out, without a figure (its pages read the credits once).
    const unanswered = harness(scriptedProvider({ poll: async () => completed, remaining: () => new Promise(() => undefined) }), unlimitedJobs);
    await unanswered.jobs.submit(ibmRing(slow.ringId), slow.wishes, 0, Date.now());
    await unanswered.jobs.advanceDue(Date.now());
    const message = unanswered.sent.at(-1);
    expect(message).toMatchObject({ type: "batch-update", subType: "completed", bellRingId: slow.ringId });
    expect(message?.type === "batch-update" && message.subType === "completed" && "creditsSeconds" in message.data).toBe(false);
  });
});
