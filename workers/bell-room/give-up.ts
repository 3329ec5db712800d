import { BATCH_FAILED, BATCH_GAVE_UP } from "~/domain/messages";
import { failRing, holdRing, recordRetry } from "~/server/rings/job-store.server";
import { QuantumConfigurationError, type ProviderError } from "../quantum";
import { MAX_ATTEMPTS, retryDelayMs } from "./ring-job-rules";
import type { RingJobContext, RingRow } from "./ring-job-context";
import type { RoomProvider } from "./room-provider";

/** The ring is failed and its wishes go back to the pool: only when no job of it can run any more. */
export async function giveUp(ctx: RingJobContext, ringId: string, reason: string, now: number) {
  await failRing(ctx.env, ringId, reason, now);
  announceGaveUp(ctx, ringId);
}

/** The ring is held for the operator with its wishes out of the pool, since a job of it may still run and charge. */
export async function hold(ctx: RingJobContext, ringId: string, reason: string, now: number) {
  await holdRing(ctx.env, ringId, reason, now);
  announceGaveUp(ctx, ringId);
}

function announceGaveUp(ctx: RingJobContext, ringId: string) {
  ctx.broadcast({ type: "batch-update", subType: "failed", bellRingId: ringId, data: { error: BATCH_GAVE_UP, retrying: false } });
}

export function announceRetry(ctx: RingJobContext, ringId: string) {
  ctx.broadcast({ type: "batch-update", subType: "failed", bellRingId: ringId, data: { error: BATCH_FAILED, retrying: true } });
}

/** The ring's own provider, or null once the ring has been failed because that provider can no longer be made. */
export async function providerFor(ctx: RingJobContext, ringId: string, name: string, now: number): Promise<RoomProvider | null> {
  try {
    return ctx.providers.forRing(name);
  } catch (error) {
    if (!(error instanceof QuantumConfigurationError)) throw error;
    await giveUp(ctx, ringId, `This ring was created with ${name}, which is no longer configured: ${error.message}`, now);
    return null;
  }
}

/**
 * After a job ended without a result: a new job, while the ring has attempts and paid jobs left (the next
 * submission looks the ring's jobs up first and never adopts an ended one); else the ring is failed and, as no job
 * of it can run any more, its wishes go back to the pool.
 */
export async function replaceJob(ctx: RingJobContext, ring: RingRow, error: ProviderError, now: number) {
  const jobsLeft = ring.provider === "simulator" || ring.jobRequests < ctx.settings.maxJobsPerRing;
  if (error.retryable && jobsLeft && ring.attempts < MAX_ATTEMPTS) {
    const waitMs = retryDelayMs(ring.attempts);
    await recordRetry(ctx.env, ring.id, { attempts: ring.attempts, error: error.message, nextAttemptAt: now + waitMs, resubmit: true });
    await ctx.wakeAt(now + waitMs);
    announceRetry(ctx, ring.id);
    return;
  }
  await giveUp(ctx, ring.id, error.message, now);
}
