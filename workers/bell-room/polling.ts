import { recordReadSuccess } from "~/server/rings/job-store.server";
import type { JobRef } from "../quantum";
import { providerFor } from "./give-up";
import { afterStatus } from "./job-status";
import { cancelQueued } from "./queue-cancel";
import type { RingJobContext, RingRow } from "./ring-job-context";
import { readStatus } from "./status-reads";

/** One poll of a submitted ring's job: read its state, cancel it if it has queued too long, else act on the state. */
export async function pollOne(ctx: RingJobContext, ring: RingRow, now: number) {
  const provider = await providerFor(ctx, ring.id, ring.provider, now);
  if (!provider) return;
  const job: JobRef = { provider: provider.name, jobId: ring.jobId!, backend: ring.backend ?? "" };
  const status = await readStatus(ctx, provider, ring, job, now);
  if (!status) return;
  if (ring.readFailures > 0 || ring.unknownSince !== null) await recordReadSuccess(ctx.env, ring.id);
  if (status.state === "queued" && ring.submittedAt !== null && now - ring.submittedAt > ctx.settings.maxQueueMs) {
    await cancelQueued(ctx, provider, ring, job, ring.submittedAt, now);
    return;
  }
  await afterStatus(ctx, provider, ring, job, status, now);
}
