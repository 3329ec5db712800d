import { RING_STATUS } from "~/domain/statuses";
import { settingsOf } from "~/server/edge/settings.server";
import type { BatchWish } from "~/server/rings/claim.server";
import { dueRings, failRing, nextDueAt, ringById, ringsAwaitingUsage, ringWishes } from "~/server/rings/job-store.server";
import { pollOne } from "./polling";
import { SIMULATOR_POLL_MS } from "./ring-job-rules";
import type { Broadcast, RingJobContext, RingToSubmit, WakeAt } from "./ring-job-context";
import { ringJobsSettings, type RingJobsSettings } from "./ring-job-settings";
import type { RoomProviders } from "./room-provider";
import { submit } from "./submission";
import { readUsageAgain } from "./usage-reads";

/**
 * The life of a ring's quantum job: submit (`submission.ts`), poll (`polling.ts`, with failed reads in
 * `status-reads.ts` and the queue's bound in `queue-cancel.ts`), store the result (`ring-result.ts`), retry within
 * bounds, or give the wishes back (`give-up.ts`). A ring is finished by the provider it was created with, whatever
 * QUANTUM_PROVIDER says now.
 */
export class RingJobs {
  private readonly ctx: RingJobContext;

  constructor(env: Env, providers: RoomProviders, broadcast: Broadcast, wakeAt: WakeAt, settings?: Partial<RingJobsSettings>) {
    this.ctx = { env, providers, broadcast, wakeAt, settings: { ...ringJobsSettings(settingsOf(env)), ...settings }, inFlight: new Set() };
  }

  /** Submits a ring's job (`submission.ts`); a failure leaves the ring queued for a later attempt, never lost. */
  submit(ring: RingToSubmit, wishes: BatchWish[], previousAttempts: number, now: number): Promise<void> {
    return submit(this.ctx, ring, wishes, previousAttempts, now);
  }

  async advanceDue(now: number): Promise<number> {
    const { env, inFlight } = this.ctx;
    const rings = (await dueRings(env, now)).filter((ring) => !inFlight.has(ring.id));
    for (const listed of rings) {
      // A creation that finished while the list was read leaves a stale row (no job yet): read it again, after the
      // creation has surely written, so a ring is never submitted twice.
      if (inFlight.has(listed.id)) continue;
      const ring = await ringById(env, listed.id);
      if (!ring || inFlight.has(ring.id) || (ring.status !== RING_STATUS.queued && ring.status !== RING_STATUS.running) || (ring.nextAttemptAt ?? 0) > now) continue;
      if (!ring.jobId) {
        const wishes = await ringWishes(env, ring.id);
        if (wishes.length === 0) await failRing(env, ring.id, "The ring has no wishes left.", now);
        else await submit(this.ctx, ring, wishes, ring.attempts, now);
        continue;
      }
      await pollOne(this.ctx, ring, now);
    }
    const settling = await ringsAwaitingUsage(env, now);
    for (const ring of settling) await readUsageAgain(env, this.ctx.providers, ring, now);
    const next = await nextDueAt(env);
    if (next !== null) await this.ctx.wakeAt(Math.max(next, now + SIMULATOR_POLL_MS));
    return rings.length + settling.length;
  }
}
