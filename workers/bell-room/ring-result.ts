import { recordJobCharge, recordJobState } from "~/server/rings/job-ledger.server";
import { completeRing, type ringWishes } from "~/server/rings/job-store.server";
import { mapCodeOf } from "~/server/geo/map.server";
import { noticeRing } from "~/server/rings/ring-notices.server";
import type { JobRef, JobStatus } from "../quantum";
import { CREDITS_IN_RESULT_WAIT_MS, USAGE_READ_INTERVAL_MS } from "./ring-job-rules";
import type { RingJobContext } from "./ring-job-context";
import type { RoomProvider } from "./room-provider";

type Completed = Extract<JobStatus, { state: "completed" }>;
type RingWish = Awaited<ReturnType<typeof ringWishes>>[number];

/**
 * A finished job's result, already checked to be this ring's: its charge and the ring's result stored, the room told,
 * then the writers' notices.
 */
export async function storeResult(ctx: RingJobContext, provider: RoomProvider, ringId: string, job: JobRef, status: Completed, wishes: RingWish[], now: number) {
  const remote = provider.name !== "simulator";
  if (remote) await recordJobState(ctx.env, { ringId, ...job }, "completed", now, null);
  if (remote && status.usageSeconds !== null) await recordJobCharge(ctx.env, provider.name, job.jobId, status.usageSeconds);
  const poem = await completeRing(ctx.env, ringId, status, {
    debitLedger: provider.name === "simulator",
    now,
    nextUsageReadAt: now + USAGE_READ_INTERVAL_MS,
  });
  ctx.broadcast({
    type: "batch-update",
    subType: "completed",
    bellRingId: ringId,
    data: {
      result: { quantumResult: status.bitstring, poem, counts: status.counts },
      completedAt: new Date(now).toISOString(),
      ...(await creditsLeft(ctx)),
      countryCodes: wishes.flatMap((wish) => mapCodeOf(wish) ?? []),
    },
  });
  // After the room has heard: the writers' "your wish rang" notices never hold up or fail the ring.
  await noticeRing(ctx.env, ringId, now).catch((error: unknown) => console.error("Could not send the ring's notices", error));
}

/**
 * The credits left after a ring, for the pages to show without asking. The simulator's ledger is one D1 read; a
 * remote provider's balance is cached for a minute only, so after a queued job it is usually read afresh: given a
 * second, else the result goes out without it (its pages read the credits once) rather than wait on the provider.
 */
async function creditsLeft(ctx: RingJobContext): Promise<{ creditsSeconds?: number | null }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const remaining = await Promise.race([
      ctx.providers.current().remaining(),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), CREDITS_IN_RESULT_WAIT_MS))),
    ]);
    if (remaining === null) return {};
    return { creditsSeconds: "unlimited" in remaining ? null : remaining.seconds };
  } catch {
    return {};
  } finally {
    clearTimeout(timer);
  }
}
