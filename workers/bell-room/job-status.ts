import { recordJobState, type LedgerState } from "~/server/rings/job-ledger.server";
import { postponePoll, ringWishes } from "~/server/rings/job-store.server";
import { ProviderError, type JobRef, type JobStatus } from "../quantum";
import { replaceJob } from "./give-up";
import { resultProblem } from "./ring-job-rules";
import { pollMs, type RingJobContext, type RingRow } from "./ring-job-context";
import { storeResult } from "./ring-result";
import type { RoomProvider } from "./room-provider";

/** What a status read says: keep asking, store the result, or replace a job that ended without one. */
export async function afterStatus(ctx: RingJobContext, provider: RoomProvider, ring: RingRow, job: JobRef, status: JobStatus, now: number) {
  const remote = provider.name !== "simulator";
  const record = (state: LedgerState, error: string | null = null) =>
    remote ? recordJobState(ctx.env, { ringId: ring.id, ...job }, state, now, error) : Promise.resolve();
  if (status.state === "completed") {
    const wishes = await ringWishes(ctx.env, ring.id);
    const problem = resultProblem(status, wishes.length);
    if (problem) {
      // A result that cannot be this ring's (too narrow, malformed) is never stored: the job is replaced, within bounds.
      await record("unusable", problem);
      await replaceJob(ctx, ring, new ProviderError(problem, true), now);
      return;
    }
    await storeResult(ctx, provider, ring.id, job, status, wishes, now);
  } else if (status.state === "failed") {
    // The job has ended (Failed, Cancelled, Cancelled - Ran too long): nothing of it can run or charge any more.
    await record(/cancel/i.test(status.error) ? "cancelled" : "failed", status.error);
    await replaceJob(ctx, ring, new ProviderError(status.error, status.retryable), now);
  } else {
    await record(status.state);
    await postponePoll(ctx.env, ring.id, now + pollMs(ctx, provider.name));
  }
}
