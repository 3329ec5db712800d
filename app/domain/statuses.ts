/**
 * The life of a wish (docs/product.md#wish-lifecycle), of a ring (docs/architecture.md#data) and of an outgoing mail, named once. Raw SQL interpolates these through `sqlText`
 * and `sqlList`, so no status is spelled anywhere else (the migrations' triggers, fixed once written, aside).
 */
export const WISH_STATUS = {
  pending: "pending",
  submittedForBatching: "submitted_for_batching",
  entangled: "entangled",
  processed: "processed",
} as const;
export const WISH_STATUSES = [WISH_STATUS.pending, WISH_STATUS.submittedForBatching, WISH_STATUS.entangled, WISH_STATUS.processed] as const;
export type WishStatus = (typeof WISH_STATUSES)[number];

export const RING_STATUS = { queued: "queued", running: "running", completed: "completed", failed: "failed" } as const;
export const RING_STATUSES = [RING_STATUS.queued, RING_STATUS.running, RING_STATUS.completed, RING_STATUS.failed] as const;
export type RingStatus = (typeof RING_STATUSES)[number];

/** An outgoing mail: waiting, sent, given up, or held while no mail provider is configured. */
/** `stopped`: not sent, because its address asked for no more mail after it was queued. */
export const OUTBOX_STATUS = { queued: "queued", sent: "sent", failed: "failed", held: "held", stopped: "stopped" } as const;
export const OUTBOX_STATUSES = [OUTBOX_STATUS.queued, OUTBOX_STATUS.sent, OUTBOX_STATUS.failed, OUTBOX_STATUS.held, OUTBOX_STATUS.stopped] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
/** The rows the outbox still has to send. */
export const OUTBOX_UNSENT = [OUTBOX_STATUS.queued, OUTBOX_STATUS.held] as const;

/** A status as an SQL string literal; the values above hold only letters and underscores. */
export const sqlText = (status: string) => `'${status}'`;
/** Statuses as an SQL list for IN: ('a', 'b'). */
export const sqlList = (...statuses: string[]) => `(${statuses.map(sqlText).join(", ")})`;
