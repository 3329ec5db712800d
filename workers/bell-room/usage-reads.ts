// Usage reads: a finished job whose seconds the provider had not settled is asked again, every minute for a day.
import { recordJobCharge } from "~/server/rings/job-ledger.server";
import { recordUsage } from "~/server/rings/job-store.server";
import { USAGE_READ_FOR_MS, USAGE_READ_INTERVAL_MS } from "./ring-job-rules";
import type { RoomProvider, RoomProviders } from "./room-provider";

/** Reads a completed ring's usage once more, records the charge once settled, and sets the next reading or none. */
export async function readUsageAgain(env: Env, providers: RoomProviders, ring: { id: string; provider: string; jobId: string | null; backend: string | null; completedAt: number | null }, now: number) {
  // A finished ring is never failed: without its provider it just stops asking.
  let provider: RoomProvider | null = null;
  try {
    provider = providers.forRing(ring.provider);
  } catch {
    provider = null;
  }
  const tooLate = ring.completedAt === null || now - ring.completedAt > USAGE_READ_FOR_MS;
  if (!provider?.usage || !ring.jobId || tooLate) {
    // Past a day without a settled figure the ring stops asking and shows its usage as unknown.
    await recordUsage(env, ring.id, { usageSeconds: null, queueSeconds: null, runSeconds: null }, null);
    return;
  }
  const usage = await provider.usage({ provider: provider.name, jobId: ring.jobId, backend: ring.backend ?? "" }).catch(() => null);
  if (usage?.usageSeconds != null) await recordJobCharge(env, provider.name, ring.jobId, usage.usageSeconds);
  await recordUsage(env, ring.id, usage ?? { usageSeconds: null, queueSeconds: null, runSeconds: null }, now + USAGE_READ_INTERVAL_MS);
}
