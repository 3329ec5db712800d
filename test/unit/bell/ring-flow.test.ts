import { translatorFor } from "~/i18n/catalogues.server";
import { describe, expect, it } from "vitest";
import {
  fellowDreamerRing,
  interpretRingResponse,
  PROCESSING_MESSAGE,
  REDIRECTING_MESSAGE,
  ringFlowPlan,
  secondsUntil,
} from "../../../app/components/bell/ring-flow";
import type { PublicWish } from "../../../app/domain/public-wish";
import { ringPreview, ringWishIds } from "~/domain/ring-batch";
import { bellRingPreview } from "~/domain/messages";

function wish(id: string, timestamp: string, status: PublicWish["status"] = "pending"): PublicWish {
  return {
    id,
    wish: `A wish called ${id}`,
    name: "Anonymous",
    country: null,
    countryCode: null,
    location: "Unknown",
    theme: "General",
    status,
    bellRingId: null,
    timestamp,
    resonanceCount: 0,
  };
}

const english = translatorFor("en");

describe("ringFlowPlan", () => {
  it("runs a batch of wishes on the short clock: 25 % at once, 60 % at 2 s, 90 % at 4 s, 100 % at 5 s, reset at 6 s", () => {
    const plan = ringFlowPlan(5);
    expect(plan.stages.map((stage) => [stage.atMs, stage.progress.step, stage.progress.percent])).toEqual([
      [0, "processing", 25],
      [2000, "processing", 60],
      [4000, "redirecting", 90],
      [5000, "redirecting", 100],
    ]);
    expect(plan.resetMs).toBe(6000);
  });

  it("runs a single wish on the long clock: 3 s, 5 s, 7 s, reset at 8 s", () => {
    const plan = ringFlowPlan(1);
    expect(plan.stages.map((stage) => stage.atMs)).toEqual([0, 3000, 5000, 7000]);
    expect(plan.resetMs).toBe(8000);
  });

  it("names what is happening at each step", () => {
    const plan = ringFlowPlan(3);
    expect(plan.stages[0].progress).toMatchObject({ message: PROCESSING_MESSAGE, values: { count: 3 } });
    expect(english(PROCESSING_MESSAGE, { count: 3 })).toBe("Entangling 3 wishes in the quantum field…");
    expect(english(PROCESSING_MESSAGE, { count: 1 })).toBe("Entangling 1 wish in the quantum field…");
    expect(plan.stages[3].progress.message).toBe(REDIRECTING_MESSAGE);
  });

  it("never moves backwards and finishes before the reset", () => {
    for (const count of [1, 2, 5]) {
      const plan = ringFlowPlan(count);
      const times = plan.stages.map((stage) => stage.atMs);
      const percents = plan.stages.map((stage) => stage.progress.percent ?? 0);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect([...percents].sort((a, b) => a - b)).toEqual(percents);
      expect(Math.max(...times)).toBeLessThan(plan.resetMs);
    }
  });
});

describe("ringWishIds", () => {
  it("asks for pending wishes only, oldest first, at most five", () => {
    const list = [
      wish("f", "2026-11-22T06:05:00.000Z"),
      wish("a", "2026-11-22T06:00:00.000Z"),
      wish("x", "2026-11-22T05:00:00.000Z", "entangled"),
      wish("c", "2026-11-22T06:02:00.000Z"),
      wish("b", "2026-11-22T06:01:00.000Z"),
      wish("e", "2026-11-22T06:04:00.000Z"),
      wish("d", "2026-11-22T06:03:00.000Z"),
    ];
    expect(ringWishIds(list)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("breaks equal timestamps by id so the request is stable", () => {
    const at = "2026-11-22T06:00:00.000Z";
    expect(ringWishIds([wish("z", at), wish("m", at), wish("b", at)])).toEqual(["b", "m", "z"]);
  });

  it("asks for nothing when nothing is pending", () => {
    expect(ringWishIds([wish("a", "2026-11-22T06:00:00.000Z", "submitted_for_batching")])).toEqual([]);
  });

  // Issue 35: the ringer's own waiting wish rings in the ring they ring, with the oldest others (ADR 0033's rule).
  const seven = ["a", "b", "c", "d", "e", "f", "g"].map((id, index) => wish(id, `2026-11-22T06:0${index}:00.000Z`));

  it("takes the ringer's own waiting wish and the four oldest others, oldest first as the claim orders them", () => {
    expect(ringWishIds(seven, "g")).toEqual(["a", "b", "c", "d", "g"]);
    expect(ringWishIds(seven, "b")).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("ignores an own wish that no longer waits", () => {
    expect(ringWishIds(seven, "gone")).toEqual(["a", "b", "c", "d", "e"]);
    expect(ringWishIds([...seven, wish("h", "2026-11-22T07:00:00.000Z", "entangled")], "h")).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("says before the press whose wishes ring", () => {
    expect(bellRingPreview(english, ringPreview(seven, "g")!)).toBe("This ring takes your wish and the 4 oldest other waiting wishes.");
    expect(bellRingPreview(english, ringPreview(seven, null)!)).toBe("This ring takes the 5 oldest waiting wishes.");
    expect(bellRingPreview(english, ringPreview([seven[0]], "a")!)).toBe("This ring takes your wish.");
    expect(bellRingPreview(english, ringPreview([seven[0]], null)!)).toBe("This ring takes the one waiting wish.");
    expect(ringPreview([], "a")).toBeNull();
  });
});

describe("interpretRingResponse", () => {
  it("reads a successful ring", () => {
    const body = {
      success: true,
      bellRingId: "ring-1",
      message: "The bell rang for 2 wishes.",
      data: { batches: [{ wishIds: ["a", "b"], bellRingId: "ring-1" }], pendingLeft: 4, cooldownSeconds: 2 },
    };
    expect(interpretRingResponse(200, body)).toEqual({ kind: "rung", ringId: "ring-1", wishIds: ["a", "b"], pendingLeft: 4, cooldownSeconds: 2 });
  });

  it("tolerates a success without batch details", () => {
    expect(interpretRingResponse(200, { success: true, bellRingId: "ring-2" })).toEqual({
      kind: "rung",
      ringId: "ring-2",
      wishIds: [],
      pendingLeft: 0,
      cooldownSeconds: 20,
    });
  });

  it("turns a 429 into a cooldown of the server's retryAfter, else the full 20 s", () => {
    expect(interpretRingResponse(429, { success: false, error: "wait", retryAfter: 7 })).toEqual({ kind: "cooldown", seconds: 7 });
    expect(interpretRingResponse(429, { success: false, error: "wait", retryAfter: 2.2 })).toEqual({ kind: "cooldown", seconds: 3 });
    expect(interpretRingResponse(429, null)).toEqual({ kind: "cooldown", seconds: 20 });
  });

  it("tells the network's hourly limit from the shared cooldown on a 429, by its code", () => {
    expect(interpretRingResponse(429, { success: false, error: "Rung a lot", code: "rate_limited", retryAfter: 1800 })).toEqual({ kind: "limited", message: "Rung a lot" });
    expect(interpretRingResponse(429, { success: false, error: "wait", code: "cooldown", retryAfter: 7 })).toEqual({ kind: "cooldown", seconds: 7 });
  });

  it("tells no pending wishes from no credits on a 409 by the machine code, whatever the sentence says", () => {
    expect(interpretRingResponse(409, { success: false, error: "Reworded: nothing waits", code: "no_pending_wishes" })).toEqual({ kind: "none-pending" });
    expect(interpretRingResponse(409, { success: false, error: "No pending wishes available", code: "out_of_credits" })).toEqual({
      kind: "out-of-credits",
      message: "No pending wishes available",
    });
    expect(interpretRingResponse(409, { code: "out_of_credits" })).toEqual({ kind: "out-of-credits", message: "Out of credits" });
    // A 409 without a known code is a failed ring, not a guess.
    expect(interpretRingResponse(409, { success: false, error: "No pending wishes available" })).toEqual({ kind: "failed" });
  });

  it("treats everything else as a failed ring", () => {
    expect(interpretRingResponse(500, { success: false, error: "boom" })).toEqual({ kind: "failed" });
    expect(interpretRingResponse(400, { success: false, error: "bad" })).toEqual({ kind: "failed" });
    expect(interpretRingResponse(503, null)).toEqual({ kind: "failed" });
    expect(interpretRingResponse(200, { success: false })).toEqual({ kind: "failed" });
    expect(interpretRingResponse(200, "<html>")).toEqual({ kind: "failed" });
  });
});

describe("secondsUntil", () => {
  it("rounds up so the label never reads 0 while still waiting", () => {
    expect(secondsUntil(20_000, 0)).toBe(20);
    expect(secondsUntil(20_000, 1)).toBe(20);
    expect(secondsUntil(20_000, 1000)).toBe(19);
    expect(secondsUntil(20_000, 19_999)).toBe(1);
    expect(secondsUntil(20_000, 20_000)).toBe(0);
    expect(secondsUntil(20_000, 25_000)).toBe(0);
  });
});

describe("fellowDreamerRing", () => {
  it("follows a wish that someone else already rang", () => {
    expect(fellowDreamerRing({ success: true, status: "submitted_for_batching", bellRingId: "ring-9" })).toBe("ring-9");
    expect(fellowDreamerRing({ status: "entangled", bellRingId: "ring-9" })).toBe("ring-9");
  });

  it("stays put while the wish is pending or has no ring", () => {
    expect(fellowDreamerRing({ status: "pending", bellRingId: null })).toBeNull();
    expect(fellowDreamerRing({ status: "entangled", bellRingId: null })).toBeNull();
    expect(fellowDreamerRing({ status: "entangled", bellRingId: "" })).toBeNull();
    expect(fellowDreamerRing(null)).toBeNull();
    expect(fellowDreamerRing("nope")).toBeNull();
  });
});
