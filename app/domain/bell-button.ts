import { hasCredits } from "./credits";
import { nextRing } from "./ring-batch";
import { WISH_STATUS } from "./statuses";
import {
  BELL_BATCH_NOTE,
  BELL_LABEL_NO_WISHES,
  BELL_LABEL_OUT_OF_CREDITS,
  BELL_LABEL_RINGING,
  BELL_STATUS_RINGING,
  BELL_STATUS_SUBMIT_FIRST,
  bellLabelCooldown,
  bellLabelRing,
  bellStatusWaiting,
  type Translate,
} from "./messages";

export interface BellButtonInput {
  ringing: boolean;
  loading: boolean;
  disabled: boolean;
  animating: boolean;
  cooldownSeconds: number;
  // null while the balance is still loading: the server has the final word on credits.
  creditsSeconds: number | null;
  pendingCount: number;
  /** This page's own ring is on its way (pressed, accepted, not yet left for its page): the status says so. */
  inFlight?: boolean;
}

export interface BellButtonState {
  label: string;
  disabled: boolean;
  statusText: string;
  batchNote?: string;
}

// The label names the first reason that applies, most immediate first:
// ringing or loading, then the cooldown, then credits, then pending wishes.
// The disabled flag and the ring animation disable the button but keep the
// "Ring Bell (N wishes)" label, since nothing else is wrong.
export function bellButtonState(t: Translate, input: BellButtonInput): BellButtonState {
  const pending = Math.max(0, input.pendingCount);
  const cooldown = Math.ceil(Math.max(0, input.cooldownSeconds));
  const outOfCredits = input.creditsSeconds !== null && !hasCredits(input.creditsSeconds);
  const batch = nextRing(pending);

  const label =
    input.ringing || input.loading
      ? t(BELL_LABEL_RINGING)
      : cooldown > 0
        ? bellLabelCooldown(t, cooldown)
        : outOfCredits
          ? t(BELL_LABEL_OUT_OF_CREDITS)
          : pending === 0
            ? t(BELL_LABEL_NO_WISHES)
            : bellLabelRing(t, batch.takes);

  const state: BellButtonState = {
    label,
    disabled:
      input.ringing || input.loading || input.disabled || input.animating || cooldown > 0 || outOfCredits || pending === 0,
    // One count of waiting wishes near the bell (docs/product.md#your-ring): while a ring of this page's is on its way the wishes it
    // took have left the count, and "Submit a wish first" would be wrong; the status says the bell is ringing.
    statusText:
      input.ringing || input.loading || input.inFlight
        ? t(BELL_STATUS_RINGING)
        : pending > 0
          ? bellStatusWaiting(t, pending)
          : t(BELL_STATUS_SUBMIT_FIRST),
  };
  // The batch sentence of docs/product.md#the-bell-button, without a second count ("N more remain after this batch"): the status line is the
  // one count of what waits, and the bell card says whose wishes the next ring takes (ADR 0056).
  if (batch.left > 0) state.batchNote = `${t(BELL_BATCH_NOTE)}.`;
  return state;
}

// Only wishes still pending can join a ring; anything that is not a list counts as none.
export function pendingFrom(list: unknown): number {
  if (!Array.isArray(list)) return 0;
  return list.filter((wish: unknown) => isRecord(wish) && wish.status === WISH_STATUS.pending).length;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
