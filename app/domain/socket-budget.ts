// What a visitor's socket may send (docs/realtime.md#client-to-server, ADR 0098). The page sends one frame, the text
// `ping`, every 25 s; the runtime answers it without waking the relay. Anything else is outside the protocol.

/** The one frame a page sends, and the runtime's answer to it. */
export const HEARTBEAT = "ping";
export const HEARTBEAT_REPLY = "pong";

/** Frames larger than this close the socket with 1009. */
export const MAX_CLIENT_FRAME_BYTES = 1024;

/**
 * Frames a socket may bring to the relay itself: a burst of this many, one more every SOCKET_FRAME_REFILL_MS. Only
 * a heartbeat the runtime did not answer reaches it, at the page's pace of one in 25 s, so a page never comes near.
 */
export const SOCKET_FRAME_BURST = 5;
export const SOCKET_FRAME_REFILL_MS = 10_000;

/** How long a network whose socket broke the protocol is refused new sockets on that relay. */
export const SOCKET_PENALTY_MS = 60_000;

/** The close codes of RFC 6455 §7.4.1 the relay uses. */
export const CLOSE_POLICY = 1008;
export const CLOSE_TOO_BIG = 1009;

export interface FrameBucket {
  tokens: number;
  at: number;
}

export const fullBucket = (now: number): FrameBucket => ({ tokens: SOCKET_FRAME_BURST, at: now });

/** Refills `bucket` for the time since it was last touched and spends one frame; null once it is empty. */
export function spendFrame(bucket: FrameBucket, now: number): FrameBucket | null {
  const refilled = Math.min(SOCKET_FRAME_BURST, bucket.tokens + Math.max(0, now - bucket.at) / SOCKET_FRAME_REFILL_MS);
  return refilled >= 1 ? { tokens: refilled - 1, at: now } : null;
}

/** A frame's size in bytes, without encoding a string that is surely small (at most 3 bytes a UTF-16 unit) or large. */
function byteSize(frame: string | ArrayBuffer): number {
  if (typeof frame !== "string") return frame.byteLength;
  if (frame.length > MAX_CLIENT_FRAME_BYTES || frame.length * 3 <= MAX_CLIENT_FRAME_BYTES) return frame.length;
  return new TextEncoder().encode(frame).byteLength;
}

export type FrameVerdict = { close: false; reply: string; bucket: FrameBucket } | { close: true; code: number; reason: string };

/**
 * What the relay does with a frame that reached it: a heartbeat is answered while the socket's budget lasts (the
 * caller keeps the returned bucket); a frame over 1 KB, a binary frame or any other text is outside the protocol and
 * closes the socket at once, as does a heartbeat past the budget.
 */
export function judgeFrame(frame: string | ArrayBuffer, bucket: FrameBucket, now: number): FrameVerdict {
  if (byteSize(frame) > MAX_CLIENT_FRAME_BYTES) return { close: true, code: CLOSE_TOO_BIG, reason: "Message too big" };
  if (frame !== HEARTBEAT) return { close: true, code: CLOSE_POLICY, reason: "Not a message of this protocol" };
  const next = spendFrame(bucket, now);
  if (!next) return { close: true, code: CLOSE_POLICY, reason: "Too many messages" };
  return { close: false, reply: HEARTBEAT_REPLY, bucket: next };
}
