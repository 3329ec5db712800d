import { RING_COOLDOWN_SECONDS, RING_FLOW } from "~/domain/limits";
import { ERROR_CODE } from "~/domain/error-codes";
import { msg, RING_NETWORK_LIMITED, RING_OUT_OF_CREDITS } from "~/domain/messages";

export type RingStep = "ringing" | "processing" | "redirecting";

export interface RingProgress {
  step: RingStep;
  /** null while the bell is still being rung: the bar is then indeterminate. */
  percent: number | null;
  /** A message's English source, rendered in the page's language with its values. */
  message: string;
  values?: Record<string, number>;
}

export const RESONANCE_NOTE = msg("Your intention resonates through the quantum field.");
export const RINGING_MESSAGE = msg("Ringing the quantum bell…");
export const REDIRECTING_MESSAGE = msg("Opening the ring to show what the qubits said…");
export const PROCESSING_MESSAGE = msg(
  "{count, plural, one {Entangling # wish in the quantum field…} other {Entangling # wishes in the quantum field…}}",
);

export const RINGING_PROGRESS: RingProgress = { step: "ringing", percent: null, message: RINGING_MESSAGE };

export interface RingFlowStage {
  atMs: number;
  progress: RingProgress;
}

export interface RingFlowPlan {
  stages: RingFlowStage[];
  resetMs: number;
}

/**
 * What the progress overlay shows once the server has accepted a ring: processing at 25 % straight away, then
 * 60 %, then redirecting at 90 % and 100 %, on the clock of docs/product.md#ringing. A ring of several wishes (a batch) runs on the
 * shorter clock (2 s, 4 s, 5 s, reset at 6 s), a ring of a single wish on the longer one (3 s, 5 s, 7 s, reset at 8 s).
 */
export function ringFlowPlan(wishCount: number): RingFlowPlan {
  const batch = wishCount > 1;
  const [first, second, third] = batch ? RING_FLOW.batchStepsMs : RING_FLOW.singleStepsMs;
  const [processingStart, processingLate] = RING_FLOW.progressPercent.processing;
  const [redirectingStart, redirectingEnd] = RING_FLOW.progressPercent.redirecting;

  return {
    stages: [
      { atMs: 0, progress: { step: "processing", percent: processingStart, message: PROCESSING_MESSAGE, values: { count: wishCount } } },
      { atMs: first, progress: { step: "processing", percent: processingLate, message: PROCESSING_MESSAGE, values: { count: wishCount } } },
      { atMs: second, progress: { step: "redirecting", percent: redirectingStart, message: REDIRECTING_MESSAGE } },
      { atMs: third, progress: { step: "redirecting", percent: redirectingEnd, message: REDIRECTING_MESSAGE } },
    ],
    resetMs: batch ? RING_FLOW.batchResetMs : RING_FLOW.singleResetMs,
  };
}

export type RingOutcome =
  | { kind: "rung"; ringId: string; wishIds: string[]; pendingLeft: number; cooldownSeconds: number }
  | { kind: "cooldown"; seconds: number }
  | { kind: "limited"; message: string }
  | { kind: "none-pending" }
  | { kind: "out-of-credits"; message: string }
  | { kind: "failed" };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** A duration the server sent, when it is a positive number; else the one of docs/product.md#ringing. */
export function positiveOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Reads the answer of POST /api/bell/ring (docs/api.md) into what the bell does next. */
export function interpretRingResponse(status: number, body: unknown): RingOutcome {
  const fields = isRecord(body) ? body : {};
  if (status >= 200 && status < 300 && fields.success === true && typeof fields.bellRingId === "string") {
    const data = isRecord(fields.data) ? fields.data : {};
    const batches = Array.isArray(data.batches) ? data.batches.filter(isRecord) : [];
    const wishIds = batches.flatMap((batch) =>
      Array.isArray(batch.wishIds) ? batch.wishIds.filter((id): id is string => typeof id === "string") : [],
    );
    const pendingLeft = typeof data.pendingLeft === "number" && data.pendingLeft >= 0 ? data.pendingLeft : 0;
    return { kind: "rung", ringId: fields.bellRingId, wishIds, pendingLeft, cooldownSeconds: positiveOr(data.cooldownSeconds, RING_COOLDOWN_SECONDS) };
  }
  if (status === 429 && fields.code === ERROR_CODE.rateLimited) {
    return { kind: "limited", message: typeof fields.error === "string" && fields.error ? fields.error : RING_NETWORK_LIMITED };
  }
  if (status === 429) {
    const retryAfter = Number(fields.retryAfter);
    return { kind: "cooldown", seconds: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : RING_COOLDOWN_SECONDS };
  }
  if (status === 409) {
    // Decided by the machine code, never by the sentence (API errors carry both).
    if (fields.code === ERROR_CODE.noPendingWishes) return { kind: "none-pending" };
    if (fields.code === ERROR_CODE.outOfCredits) {
      return { kind: "out-of-credits", message: typeof fields.error === "string" && fields.error ? fields.error : RING_OUT_OF_CREDITS };
    }
  }
  return { kind: "failed" };
}

/** Whole seconds left until `until` (epoch ms), rounded up so the label never shows 0 while still waiting. */
export function secondsUntil(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * The ring a visitor's own wish already joined, if someone else rang it: the wish has left `pending` and carries
 * its ring id. Anything else (still pending, unknown, unreadable) means there is nothing to follow.
 */
export function fellowDreamerRing(wish: unknown): string | null {
  if (!isRecord(wish)) return null;
  const { status, bellRingId } = wish;
  return status !== "pending" && typeof bellRingId === "string" && bellRingId ? bellRingId : null;
}
