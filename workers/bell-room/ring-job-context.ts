import type { RoomMessage } from "~/domain/room-messages";
import type { dueRings } from "~/server/rings/job-store.server";
import { SIMULATOR_POLL_MS } from "./ring-job-rules";
import type { RingJobsSettings } from "./ring-job-settings";
import type { RoomProviders } from "./room-provider";

export type Broadcast = (message: RoomMessage) => void;
export type WakeAt = (at: number) => Promise<void>;

/** What every step of a ring's job works with: the room's D1, providers, socket and alarm, and the runner's settings. */
export interface RingJobContext {
  env: Env;
  providers: RoomProviders;
  broadcast: Broadcast;
  wakeAt: WakeAt;
  settings: RingJobsSettings;
  /** Rings whose job creation is under way in this instance; the poller leaves them alone. */
  inFlight: Set<string>;
}

/** A ring due for its next step, as the job store lists it. */
export type RingRow = Awaited<ReturnType<typeof dueRings>>[number];

export interface RingToSubmit {
  id: string;
  provider: string;
  /** Set when a job-creation request was sent before: its job may exist although no answer came back. */
  submitStartedAt: number | null;
  /** Job-creation requests so far that may have made a job (bell_rings.job_requests); 0 for a new ring. */
  jobRequests?: number;
  /** Since when a job of the ring may exist without being found (bell_rings.unknown_since). */
  unknownSince?: number | null;
}

export function pollMs(ctx: RingJobContext, provider: string): number {
  return provider === "simulator" ? SIMULATOR_POLL_MS : ctx.settings.ibmPollMs;
}
