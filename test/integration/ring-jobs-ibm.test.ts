/**
 * Issue 17: what the room does with a real provider's ways (points 3, 4, 7, 8, 9, 10), each with a scripted provider
 * so the rule itself is under test. The IBM client's side of each point is in test/unit/quantum/ibm.test.ts.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { BATCH_FAILED, BATCH_GAVE_UP } from "~/domain/messages";
import type { RoomMessage } from "~/domain/room-messages";
import { claimRing } from "~/server/rings/claim.server";
import { getRingView } from "~/server/rings/ring-view.server";
import { ProviderError, type CancelOutcome, type FoundJob, type JobStatus, type JobUsage, type QuantumProvider, type SubmittedJob } from "../../workers/quantum";
import { RingJobs } from "../../workers/bell-room/ring-jobs";
import type { RingJobsSettings } from "../../workers/bell-room/ring-job-settings";
import { roomProviders, type RoomProvider, type RoomProviders } from "../../workers/bell-room/room-provider";
import { submit } from "../support/api";
import { ibmRing, onlyProvider } from "../support/providers";

const MINUTE = 60_000;

interface Script {
  submit?: (ringId: string) => Promise<SubmittedJob>;
  poll?: () => Promise<JobStatus>;
  /** Answers by job, where a test needs each job to say something else. */
  pollJob?: (jobId: string) => Promise<JobStatus>;
  findJob?: (ringId: string) => Promise<SubmittedJob | null>;
  findJobs?: (ringId: string) => Promise<FoundJob[]>;
  cancel?: () => Promise<void | CancelOutcome>;
  usage?: () => Promise<JobUsage>;
}

function scripted(script: Script = {}) {
  const log: string[] = [];
  let jobs = 0;
  const provider: QuantumProvider = {
    name: "ibm",
    submit: async (batch) => {
      log.push(`submit ${batch.ringId}`);
      if (script.submit) return script.submit(batch.ringId);
      jobs += 1;
      return { provider: "ibm", jobId: `job-${jobs}`, backend: "ibm_fez", qasm: "OPENQASM 3.0;", physicalQubits: [3, 4] };
    },
    poll: async (job) => {
      log.push("poll");
      if (script.pollJob) return script.pollJob(job.jobId);
      return script.poll ? script.poll() : { state: "running" };
    },
    remaining: async () => ({ seconds: 1000 }),
    findJobs: async (ringId) => {
      log.push(`find ${ringId}`);
      if (script.findJobs) return script.findJobs(ringId);
      const job = script.findJob ? await script.findJob(ringId) : null;
      return job ? [{ ...job, state: "queued" }] : [];
    },
    cancel: async () => {
      log.push("cancel");
      return (await script.cancel?.()) ?? "cancelled";
    },
    usage: async () => {
      log.push("usage");
      return script.usage ? script.usage() : { usageSeconds: 2, queueSeconds: 60, runSeconds: 2 };
    },
  };
  return { provider: { ...provider, instanceId: "ibm-quantum" } as RoomProvider, log };
}

function harness(providers: RoomProviders, settings: Partial<RingJobsSettings> = {}) {
  const sent: RoomMessage[] = [];
  const jobs = new RingJobs(env, providers, (m) => sent.push(m), async () => undefined, settings);
  return { jobs, sent };
}

async function pendingRing(count: number, provider = "ibm") {
  const wishIds: string[] = [];
  for (let i = 0; i < count; i += 1) wishIds.push((await submit({ wish: `Quiet harbours and open doors, ibm ring ${i}` })).json.wishId as string);
  const ringId = `ring-${crypto.randomUUID()}`;
  const { claimed } = await claimRing(env, { id: ringId, createdAt: Date.now(), provider, rungByHash: "h", virtual: false }, { requestedIds: wishIds });
  return { ringId, wishIds, wishes: claimed };
}

const row = (ringId: string) =>
  env.DB.prepare("SELECT * FROM bell_rings WHERE id = ?").bind(ringId).first<Record<string, string | number | null>>();
const wishStatuses = async (ids: string[]) =>
  (await env.DB.prepare(`SELECT status FROM wishes WHERE id IN (${ids.map(() => "?").join(",")})`).bind(...ids).all<{ status: string }>()).results.map((r) => r.status);

const completed = (usageSeconds: number | null): JobStatus => ({
  state: "completed",
  bitstring: "10",
  counts: { "10": 70, "01": 30 },
  usageSeconds,
  queueSeconds: 240,
  runSeconds: 2.5,
});

beforeEach(async () => {
  // Earlier files' rings must not use up this file's per-minute job budget or be picked up by its polls.
  await env.DB.prepare("UPDATE bell_rings SET submit_started_at = NULL, status = 'completed', usage_final = 1 WHERE provider = 'ibm'").run();
  // A ring takes the ringer's wishes plus the oldest others (ADR 0033): earlier tests' freed wishes must not join.
  await env.DB.prepare("UPDATE wishes SET status = 'entangled' WHERE status = 'pending'").run();
});

describe("3. a job creation whose answer was lost is found again, never paid twice", () => {
  it("a creation that timed out is looked up by the ring's tag before any new job is made", async () => {
    const { ringId, wishes } = await pendingRing(2);
    let attempts = 0;
    const { provider, log } = scripted({
      submit: async () => {
        attempts += 1;
        throw new ProviderError("IBM Quantum did not answer POST /jobs in time.", true, undefined, true);
      },
      findJob: async () => ({ provider: "ibm", jobId: "job-made-anyway", backend: "ibm_fez", qasm: "OPENQASM 3.0;", physicalQubits: [0, 1] }),
    });
    const { jobs } = harness(onlyProvider(provider));
    const now = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, now);
    expect(await row(ringId)).toMatchObject({ status: "queued", job_id: null });
    expect((await row(ringId))?.submit_started_at).toBe(now);

    await jobs.advanceDue(now + 10 * MINUTE);
    expect(await row(ringId)).toMatchObject({ status: "running", job_id: "job-made-anyway" });
    expect(attempts).toBe(1);
    expect(log.filter((entry) => entry.startsWith("submit"))).toHaveLength(1);
    expect(log).toContain(`find ${ringId}`);
  });

  it("a first creation is not looked up (nothing was sent before), and a lookup that finds nothing submits", async () => {
    const { ringId, wishes } = await pendingRing(1);
    const { provider, log } = scripted();
    const { jobs } = harness(onlyProvider(provider));
    await jobs.submit(ibmRing(ringId), wishes, 0, Date.now());
    expect(log).toEqual([`submit ${ringId}`]);
  });
});

describe("4. a job queued past the bound is cancelled, its ring failed and its wishes freed", () => {
  it("cancels after the configured time, tells /admin why, and the wishes are pending again", async () => {
    const { ringId, wishIds, wishes } = await pendingRing(2);
    const { provider, log } = scripted({ poll: async () => ({ state: "queued" }) });
    const { jobs, sent } = harness(onlyProvider(provider), { maxQueueMs: 120 * MINUTE });
    const start = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, start);
    await jobs.advanceDue(start + 60 * MINUTE);
    expect((await row(ringId))?.status).toBe("running");
    expect(log).not.toContain("cancel");

    await env.DB.prepare("UPDATE bell_rings SET next_attempt_at = 0 WHERE id = ?").bind(ringId).run();
    await jobs.advanceDue(start + 121 * MINUTE);
    expect(log).toContain("cancel");
    const failed = await row(ringId);
    expect(failed?.status).toBe("failed");
    expect(failed?.error).toMatch(/Cancelled job job-\d+ after 121 minutes in the queue of ibm_fez \(limit 120 minutes\)/);
    expect(await wishStatuses(wishIds)).toEqual(["pending", "pending"]);
    expect(sent.at(-1)).toMatchObject({ type: "batch-update", subType: "failed", data: { error: BATCH_GAVE_UP, retrying: false } });
  });

  it("a cancel that does not go through leaves the ring waiting and tries again", async () => {
    const { ringId, wishes } = await pendingRing(1);
    const { provider } = scripted({ poll: async () => ({ state: "queued" }), cancel: async () => Promise.reject(new ProviderError("IBM Quantum had a server error", true)) });
    const { jobs } = harness(onlyProvider(provider), { maxQueueMs: MINUTE });
    const start = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, start);
    await jobs.advanceDue(start + 2 * MINUTE);
    expect(await row(ringId)).toMatchObject({ status: "running" });
    expect((await row(ringId))?.error).toMatch(/Cancelling the queued job failed/);
  });
});

describe("7. usage is stored when IBM settles it, and read again until then", () => {
  it("completes with usage unknown, then stores the settled seconds", async () => {
    const { ringId, wishes } = await pendingRing(2);
    let settled = false;
    const { provider } = scripted({
      poll: async () => completed(null),
      usage: async () => ({ usageSeconds: settled ? 3 : null, queueSeconds: 240, runSeconds: 2.5 }),
    });
    const { jobs } = harness(onlyProvider(provider));
    const now = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, now);
    await env.DB.prepare("UPDATE bell_rings SET next_attempt_at = 0 WHERE id = ?").bind(ringId).run();
    await jobs.advanceDue(now);
    expect(await row(ringId)).toMatchObject({ status: "completed", usage_final: 0, usage_seconds: null, queue_seconds: 240, run_seconds: 2.5 });
    expect((await getRingView(env, ringId))?.hardware?.qpuSeconds).toBeNull();

    await jobs.advanceDue(now + 2 * MINUTE);
    expect(await row(ringId)).toMatchObject({ usage_final: 0 });
    settled = true;
    await jobs.advanceDue(now + 4 * MINUTE);
    expect(await row(ringId)).toMatchObject({ usage_final: 1, usage_seconds: 3, next_attempt_at: null });
    expect((await getRingView(env, ringId))?.hardware).toMatchObject({ qpuSeconds: 3, queueSeconds: 240, runSeconds: 2.5, physicalQubits: [3, 4], backend: "ibm_fez" });
  });
});

describe("8. job creation keeps to IBM's 5 a minute and never sleeps", () => {
  it("submits five of seven due rings and schedules the other two for when the minute has passed", async () => {
    const rings = [];
    for (let i = 0; i < 7; i += 1) rings.push(await pendingRing(1));
    const { provider, log } = scripted();
    const { jobs } = harness(onlyProvider(provider), { jobsPerMinute: 5 });
    const now = Date.now();
    for (const ring of rings) await jobs.submit(ibmRing(ring.ringId), ring.wishes, 0, now);
    expect(log.filter((entry) => entry.startsWith("submit"))).toHaveLength(5);
    const waiting = [];
    for (const ring of rings) {
      const stored = await row(ring.ringId);
      if (stored?.status === "queued") waiting.push(stored);
    }
    expect(waiting).toHaveLength(2);
    for (const stored of waiting) {
      expect(stored.attempts).toBe(0);
      expect(stored.next_attempt_at).toBeGreaterThan(now + MINUTE - 1_000);
    }
    await jobs.advanceDue(now + MINUTE + 5);
    expect(log.filter((entry) => entry.startsWith("submit"))).toHaveLength(7);
  });

  it("a 429 on creation reschedules the ring after Retry-After, counting no attempt", async () => {
    const { ringId, wishes } = await pendingRing(1);
    const { provider } = scripted({ submit: async () => Promise.reject(new ProviderError("IBM Quantum is rate limiting POST /jobs; try again later.", true, 40)) });
    const { jobs, sent } = harness(onlyProvider(provider));
    const now = Date.now();
    const started = performance.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, now);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await row(ringId)).toMatchObject({ status: "queued", attempts: 0, next_attempt_at: now + 40_000 });
    expect(sent).toEqual([]);
  });
});

describe("9. a ring is finished by the provider it was created with", () => {
  it("a simulator ring retried after switching to IBM runs on the simulator and creates no IBM job", async () => {
    const { ringId, wishIds, wishes } = await pendingRing(2, "simulator");
    const ibm = scripted();
    const real = roomProviders(env);
    const providers: RoomProviders = { current: () => ibm.provider, forRing: (name) => (name === "ibm" ? ibm.provider : real.forRing(name)) };
    const { jobs } = harness(providers);
    const now = Date.now();
    await jobs.submit({ id: ringId, provider: "simulator", submitStartedAt: null }, wishes, 1, now);
    await jobs.advanceDue(now + 1_000);
    expect(ibm.log).toEqual([]);
    expect(await row(ringId)).toMatchObject({ status: "completed", provider: "simulator" });
    expect(await wishStatuses(wishIds)).toEqual(["entangled", "entangled"]);
  });

  it("an IBM ring whose provider is no longer configured is failed with the reason, its wishes freed", async () => {
    const { ringId, wishIds, wishes } = await pendingRing(1, "ibm");
    const providers = roomProviders({ ...env, QUANTUM_PROVIDER: "simulator", IBM_API_KEY: "", IBM_INSTANCE_CRN: "" } as Env);
    const { jobs } = harness(providers);
    await jobs.submit(ibmRing(ringId), wishes, 0, Date.now());
    expect(await row(ringId)).toMatchObject({ status: "failed" });
    expect((await row(ringId))?.error).toMatch(/IBM_API_KEY/);
    expect(await wishStatuses(wishIds)).toEqual(["pending"]);
  });
});

describe("10. the provider's words stay in /admin", () => {
  it("visitors hear the spec's sentence on the socket and the page; the raw text is stored for the admin", async () => {
    const raw = "IBM Quantum had a server error on POST /jobs (HTTP 500): internal trace 0xdeadbeef";
    const { ringId, wishes } = await pendingRing(1);
    const { provider } = scripted({ submit: async () => Promise.reject(new ProviderError(raw, true)) });
    const { jobs, sent } = harness(onlyProvider(provider));
    await jobs.submit(ibmRing(ringId), wishes, 0, Date.now());
    expect((await row(ringId))?.error).toBe(raw);
    expect(JSON.stringify(sent)).not.toContain("0xdeadbeef");
    expect(sent.at(-1)).toMatchObject({ data: { error: BATCH_FAILED, retrying: true } });
    const view = await getRingView(env, ringId);
    expect(view?.error).toBe(BATCH_FAILED);
    expect(JSON.stringify(view)).not.toContain("0xdeadbeef");
  });
});

describe("issue 30: one ring never pays twice", () => {
  const readFailure = () => Promise.reject(new ProviderError("IBM Quantum had a server error on GET /jobs/x (HTTP 503)", true));
  const forbidden = () => Promise.reject(new ProviderError("IBM Quantum refused our credentials on GET /jobs/x (HTTP 403)", false));

  /** Makes the ring due and lets the poller at it, `minutes` later on the poller's clock. */
  async function tick(jobs: RingJobs, ringId: string, at: number) {
    await env.DB.prepare("UPDATE bell_rings SET next_attempt_at = 0 WHERE id = ? AND status IN ('queued', 'running')").bind(ringId).run();
    await jobs.advanceDue(at);
  }

  it("1. failed status reads use no submission attempt, and a good read resets their count", async () => {
    const { ringId, wishIds, wishes } = await pendingRing(2);
    const answers: (() => Promise<JobStatus>)[] = [
      readFailure, readFailure, readFailure, async () => ({ state: "running" }),
      readFailure, readFailure, readFailure, async () => ({ state: "running" }),
      readFailure, readFailure, readFailure, async () => completed(2),
    ];
    const { provider, log } = scripted({ poll: () => answers.shift()!() });
    const { jobs } = harness(onlyProvider(provider));
    const start = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, start);
    for (let i = 1; i <= 12; i += 1) await tick(jobs, ringId, start + i * MINUTE);
    expect(await row(ringId)).toMatchObject({ status: "completed", attempts: 1 });
    expect(log.filter((entry) => entry.startsWith("submit"))).toHaveLength(1);
    expect(await wishStatuses(wishIds)).toEqual(["entangled", "entangled"]);
  });

  it("1. a 403 on a status read never frees the wishes of a job that may still run", async () => {
    const { ringId, wishIds, wishes } = await pendingRing(2);
    const { provider, log } = scripted({ poll: forbidden });
    const { jobs, sent } = harness(onlyProvider(provider));
    const start = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, start);
    for (let i = 1; i <= 8; i += 1) await tick(jobs, ringId, start + i * MINUTE);
    expect(await row(ringId)).toMatchObject({ status: "running", job_id: "job-1" });
    expect((await row(ringId))?.error).toMatch(/HTTP 403/);
    expect(await wishStatuses(wishIds)).toEqual(["submitted_for_batching", "submitted_for_batching"]);
    expect(log.filter((entry) => entry.startsWith("submit"))).toHaveLength(1);
    expect(sent.filter((m) => m.type === "batch-update" && m.subType === "failed" && !m.data.retrying)).toEqual([]);
  });

  it("1. a job whose state stays unknown past the bound is held for the operator, its wishes never rung again", async () => {
    const { ringId, wishIds, wishes } = await pendingRing(2);
    const { provider, log } = scripted({ poll: readFailure, cancel: forbidden });
    const { jobs } = harness(onlyProvider(provider), { unknownJobMaxMs: 60 * MINUTE });
    const start = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, start);
    for (let i = 1; i <= 30; i += 1) await tick(jobs, ringId, start + i * 5 * MINUTE);
    const held = await row(ringId);
    expect(held?.status).toBe("failed");
    expect(held?.error).toMatch(/held/i);
    expect(await wishStatuses(wishIds)).toEqual(["submitted_for_batching", "submitted_for_batching"]);
    expect(log.filter((entry) => entry.startsWith("submit"))).toHaveLength(1);
  });

  it("2. a job that ended Failed is recorded and replaced, never adopted again by the tag lookup", async () => {
    const { ringId, wishIds, wishes } = await pendingRing(2);
    const states = new Map<string, JobStatus>([["job-1", { state: "failed", error: "The IBM job failed: Error in transpilation process. [1517]", retryable: true }]]);
    const made: SubmittedJob[] = [];
    const { provider, log } = scripted({
      submit: async () => {
        const job = { provider: "ibm" as const, jobId: `job-${made.length + 1}`, backend: "ibm_fez", qasm: "OPENQASM 3.0;", physicalQubits: [3, 4] };
        made.push(job);
        return job;
      },
      findJobs: async () => made.map((job) => ({ ...job, state: states.get(job.jobId)?.state ?? "queued" })).reverse(),
      pollJob: async (jobId) => states.get(jobId) ?? completed(2),
    });
    const { jobs } = harness(onlyProvider(provider));
    const start = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, start);
    for (let i = 1; i <= 8; i += 1) await tick(jobs, ringId, start + i * MINUTE);
    expect(log.filter((entry) => entry.startsWith("submit"))).toHaveLength(2);
    expect(await row(ringId)).toMatchObject({ status: "completed", job_id: "job-2" });
    expect(await wishStatuses(wishIds)).toEqual(["entangled", "entangled"]);
  });

  it("2. at most IBM_MAX_JOBS_PER_RING paid jobs: jobs that always fail end the ring, its wishes pending again", async () => {
    const { ringId, wishIds, wishes } = await pendingRing(1);
    const made: SubmittedJob[] = [];
    const { provider, log } = scripted({
      submit: async () => {
        const job = { provider: "ibm" as const, jobId: `job-${made.length + 1}`, backend: "ibm_fez", qasm: "OPENQASM 3.0;", physicalQubits: [3] };
        made.push(job);
        return job;
      },
      findJobs: async () => made.map((job) => ({ ...job, state: "failed" as const })).reverse(),
      poll: async () => ({ state: "failed", error: "The IBM job failed.", retryable: true }),
    });
    const { jobs } = harness(onlyProvider(provider), { maxJobsPerRing: 2 });
    const start = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, start);
    for (let i = 1; i <= 12; i += 1) await tick(jobs, ringId, start + i * MINUTE);
    expect(log.filter((entry) => entry.startsWith("submit"))).toHaveLength(2);
    expect(await row(ringId)).toMatchObject({ status: "failed" });
    expect(await wishStatuses(wishIds)).toEqual(["pending"]);
  });

  it("3. a cancel refused with 409 reads the job again and finishes the ring with its result", async () => {
    const { ringId, wishIds, wishes } = await pendingRing(2);
    let cancelled = false;
    const { provider } = scripted({
      poll: async () => (cancelled ? completed(2) : { state: "queued" }),
      cancel: async () => {
        cancelled = true;
        return "already-ended";
      },
    });
    const { jobs } = harness(onlyProvider(provider), { maxQueueMs: 10 * MINUTE });
    const start = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, start);
    await tick(jobs, ringId, start + 11 * MINUTE);
    expect(cancelled).toBe(true);
    expect(await row(ringId)).toMatchObject({ status: "completed", bitstring: "10" });
    expect(await wishStatuses(wishIds)).toEqual(["entangled", "entangled"]);
  });
});

describe("issue 30, second review: a job that may exist is never rung twice", () => {
  const lostAnswer = () => Promise.reject(new ProviderError("IBM Quantum had a server error on POST /jobs (HTTP 524)", true, undefined, true, 524));

  async function tickAll(jobs: RingJobs, ringId: string, at: number) {
    await env.DB.prepare("UPDATE bell_rings SET next_attempt_at = 0 WHERE id = ? AND status IN ('queued', 'running')").bind(ringId).run();
    await jobs.advanceDue(at);
  }

  it("the last attempt's answer is lost: the wishes stay, the ring looks once more, and adopts the job IBM made", async () => {
    const { ringId, wishIds, wishes } = await pendingRing(2);
    let creations = 0;
    const { provider, log } = scripted({
      submit: () => {
        creations += 1;
        return lostAnswer();
      },
      // The first four 524s made nothing; the fifth made the job behind it.
      findJobs: async () => (creations >= 5 ? [{ provider: "ibm", jobId: "job-behind-524", backend: "ibm_fez", qasm: "OPENQASM 3.0;", physicalQubits: [3, 4], state: "queued" }] : []),
    });
    const { jobs } = harness(onlyProvider(provider), { maxJobsPerRing: 2 });
    const start = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, start);
    for (let i = 1; i <= 4; i += 1) await tickAll(jobs, ringId, start + i * 10 * MINUTE);
    expect(creations).toBe(5);
    expect(await row(ringId)).toMatchObject({ status: "queued", attempts: 5 });
    expect(await wishStatuses(wishIds)).toEqual(["submitted_for_batching", "submitted_for_batching"]);
    await tickAll(jobs, ringId, start + 60 * MINUTE);
    expect(await row(ringId)).toMatchObject({ status: "running", job_id: "job-behind-524" });
    expect(log.filter((entry) => entry.startsWith("submit"))).toHaveLength(5);
  });

  it("attempts spent, and a lookup that answers finds nothing: then, only then, the wishes ring again", async () => {
    const { ringId, wishIds, wishes } = await pendingRing(1);
    const { provider } = scripted({ submit: lostAnswer, findJobs: async () => [] });
    const { jobs } = harness(onlyProvider(provider), { maxJobsPerRing: 10 });
    const start = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, start);
    for (let i = 1; i <= 8; i += 1) await tickAll(jobs, ringId, start + i * 20 * MINUTE);
    expect(await row(ringId)).toMatchObject({ status: "failed" });
    expect(await wishStatuses(wishIds)).toEqual(["pending"]);
  });

  it("a lookup that keeps failing after a lost answer holds the ring past the bound, never frees it", async () => {
    const { ringId, wishIds, wishes } = await pendingRing(1);
    const { provider } = scripted({ submit: lostAnswer, findJobs: async () => Promise.reject(new ProviderError("IBM Quantum refused our credentials on GET /jobs (HTTP 403)", false, undefined, false, 403)) });
    const { jobs } = harness(onlyProvider(provider), { unknownJobMaxMs: 60 * MINUTE, maxJobsPerRing: 10 });
    const start = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, start);
    for (let i = 1; i <= 12; i += 1) await tickAll(jobs, ringId, start + i * 20 * MINUTE);
    expect(await row(ringId)).toMatchObject({ status: "failed", wishes_held: 1 });
    expect(await wishStatuses(wishIds)).toEqual(["submitted_for_batching"]);
  });

  it("a creation answered with an unreadable body counts toward the ring's jobs (the job exists)", async () => {
    const { ringId, wishes } = await pendingRing(1);
    const { provider } = scripted({ submit: () => Promise.reject(new ProviderError("IBM Quantum answered POST /jobs with unreadable JSON.", true, undefined, true, 200)) });
    const { jobs } = harness(onlyProvider(provider));
    await jobs.submit(ibmRing(ringId), wishes, 0, Date.now());
    expect(await row(ringId)).toMatchObject({ job_requests: 1 });
    const refused = await pendingRing(1);
    const refusing = scripted({ submit: () => Promise.reject(new ProviderError("IBM Quantum rejected POST /jobs (HTTP 400)", false, undefined, false, 400)) });
    await harness(onlyProvider(refusing.provider)).jobs.submit(ibmRing(refused.ringId), refused.wishes, 0, Date.now());
    expect(await row(refused.ringId)).toMatchObject({ job_requests: 0, status: "failed" });
  });

  it("a job in a state we do not know blocks any new job beside it", async () => {
    const { ringId, wishIds, wishes } = await pendingRing(1);
    const { provider, log } = scripted({
      submit: lostAnswer,
      findJobs: async () => [{ provider: "ibm", jobId: "job-odd", backend: "ibm_fez", qasm: null, physicalQubits: [], state: "unknown" }],
    });
    const { jobs } = harness(onlyProvider(provider), { maxJobsPerRing: 10 });
    const start = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, start);
    for (let i = 1; i <= 6; i += 1) await tickAll(jobs, ringId, start + i * 20 * MINUTE);
    expect(log.filter((entry) => entry.startsWith("submit"))).toHaveLength(1);
    expect(await wishStatuses(wishIds)).toEqual(["submitted_for_batching"]);
  });

  it("past the unknown-state bound, a cancel answered 409 and a read that says Running keeps polling, not held", async () => {
    const { ringId, wishIds, wishes } = await pendingRing(1);
    let cancelled = false;
    const { provider } = scripted({
      poll: async () => (cancelled ? { state: "running" } : Promise.reject(new ProviderError("HTTP 503", true))),
      cancel: async () => {
        cancelled = true;
        return "already-ended";
      },
    });
    const { jobs } = harness(onlyProvider(provider), { unknownJobMaxMs: 30 * MINUTE });
    const start = Date.now();
    await jobs.submit(ibmRing(ringId), wishes, 0, start);
    for (let i = 1; i <= 10 && !cancelled; i += 1) await tickAll(jobs, ringId, start + i * 10 * MINUTE);
    expect(cancelled).toBe(true);
    expect(await row(ringId)).toMatchObject({ status: "running", wishes_held: 0, read_failures: 0 });
    expect(await wishStatuses(wishIds)).toEqual(["submitted_for_batching"]);
  });
});
