import { describe, expect, it } from "vitest";
import { CLOSE_POLICY, CLOSE_TOO_BIG, fullBucket, judgeFrame, SOCKET_FRAME_BURST, SOCKET_FRAME_REFILL_MS, spendFrame } from "../../../app/domain/socket-budget";
import { SocketPenalties } from "../../../workers/socket-penalties";

describe("judgeFrame", () => {
  it("answers heartbeats while the budget lasts, then closes with 1008", () => {
    let bucket = fullBucket(0);
    for (let i = 0; i < SOCKET_FRAME_BURST; i += 1) {
      const verdict = judgeFrame("ping", bucket, 0);
      expect(verdict).toMatchObject({ close: false, reply: "pong" });
      if (!verdict.close) bucket = verdict.bucket;
    }
    expect(judgeFrame("ping", bucket, 0)).toMatchObject({ close: true, code: CLOSE_POLICY, reason: "Too many messages" });
    // A page's pace (one in 25 s) never runs it dry: the budget comes back one frame each refill.
    expect(judgeFrame("ping", bucket, SOCKET_FRAME_REFILL_MS)).toMatchObject({ close: false });
  });

  it("closes at once on anything outside the protocol", () => {
    const bucket = fullBucket(0);
    for (const frame of ["x", "", "PING", "ping ", '{"type":"ring"}', new Uint8Array([112, 105, 110, 103]).buffer]) {
      expect(judgeFrame(frame, bucket, 0)).toMatchObject({ close: true, code: CLOSE_POLICY });
    }
    expect(judgeFrame("x".repeat(1025), bucket, 0)).toMatchObject({ close: true, code: CLOSE_TOO_BIG });
    expect(judgeFrame("é".repeat(600), bucket, 0)).toMatchObject({ close: true, code: CLOSE_TOO_BIG });
    expect(judgeFrame(new ArrayBuffer(2048), bucket, 0)).toMatchObject({ close: true, code: CLOSE_TOO_BIG });
  });
});

describe("spendFrame", () => {
  it("refills at one frame per interval, never past the burst", () => {
    const empty = { tokens: 0, at: 0 };
    expect(spendFrame(empty, SOCKET_FRAME_REFILL_MS - 1)).toBeNull();
    expect(spendFrame(empty, SOCKET_FRAME_REFILL_MS)).toEqual({ tokens: 0, at: SOCKET_FRAME_REFILL_MS });
    expect(spendFrame(empty, SOCKET_FRAME_REFILL_MS * 100)?.tokens).toBe(SOCKET_FRAME_BURST - 1);
  });
});

describe("SocketPenalties", () => {
  it("refuses a network for its duration, then forgets it", () => {
    const penalties = new SocketPenalties(60_000);
    penalties.penalise("a", 0);
    expect(penalties.waitSeconds("a", 1_000)).toBe(59);
    expect(penalties.waitSeconds("b", 1_000)).toBe(0);
    expect(penalties.waitSeconds("a", 60_000)).toBe(0);
  });

  it("holds at most its capacity, dropping the oldest", () => {
    const penalties = new SocketPenalties(60_000, 3);
    for (const network of ["a", "b", "c", "d"]) penalties.penalise(network, 0);
    expect(penalties.waitSeconds("a", 1)).toBe(0);
    expect(penalties.waitSeconds("d", 1)).toBe(60);
    expect(penalties.waitSeconds("b", 1)).toBe(60);
  });
});
