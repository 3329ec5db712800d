import { describe, expect, it } from "vitest";
import { applyBatchUpdate, shownRing, type RingView } from "~/domain/ring-view";

const waiting = {
  id: "ring-1",
  status: "running",
  createdAt: "2026-11-25T10:00:00.000Z",
  completedAt: null,
  secondsTaken: null,
  bitstring: null,
  counts: null,
  error: null,
} as unknown as RingView;

const completed = (completedAt?: string) =>
  ({
    type: "batch-update",
    subType: "completed",
    bellRingId: "ring-1",
    data: { result: { quantumResult: "10", poem: "Hope hums", counts: { "10": 60, "01": 40 } }, ...(completedAt ? { completedAt } : {}) },
  }) as const;

describe("applying the room's batch-update to a waiting ring's page (issue 23)", () => {
  it("fills in the result and the time taken, as the server would (the page writes the verse from them)", () => {
    expect(applyBatchUpdate(waiting, completed("2026-11-25T10:00:04.250Z"))).toMatchObject({
      status: "completed",
      bitstring: "10",
      counts: { "10": 60, "01": 40 },
      completedAt: "2026-11-25T10:00:04.250Z",
      secondsTaken: 4.25,
      error: null,
    });
  });

  it("leaves to the server what the message cannot say: another ring, or a completion without its time", () => {
    expect(applyBatchUpdate({ ...waiting, id: "ring-2" }, completed("2026-11-25T10:00:04.250Z"))).toBeNull();
    expect(applyBatchUpdate(waiting, completed())).toBeNull();
    expect(applyBatchUpdate(waiting, completed("yesterday"))).toBeNull();
  });

  it("shows a retry as a note and a given-up ring as failed", () => {
    const failed = (retrying: boolean) => ({ type: "batch-update", subType: "failed", bellRingId: "ring-1", data: { error: "Turbulence", retrying } }) as const;
    expect(applyBatchUpdate(waiting, failed(true))).toMatchObject({ status: "running", error: "Turbulence" });
    expect(applyBatchUpdate(waiting, failed(false))).toMatchObject({ status: "failed", error: "Turbulence" });
  });
});

describe("the ring a page shows, between its loader and the socket", () => {
  const live = applyBatchUpdate(waiting, completed("2026-11-25T10:00:04.250Z"))!;

  it("shows what the socket said over the loader's ring it was applied to", () => {
    expect(shownRing(waiting, null)).toBe(waiting);
    expect(shownRing(waiting, { to: waiting, view: live })).toBe(live);
  });

  it("keeps a finished ring when a reload read before the result lands after it (the result stays)", () => {
    const staleReload = { ...waiting };
    expect(shownRing(staleReload, { to: waiting, view: live })).toBe(live);
  });

  it("takes a newer loader answer otherwise: the stored ring once finished, another ring always", () => {
    const stored = { ...live, secondsTaken: 4.3 };
    expect(shownRing(stored, { to: waiting, view: live })).toBe(stored);
    const retry = { ...waiting, error: "Turbulence" };
    const newer = { ...waiting, error: null };
    expect(shownRing(newer, { to: waiting, view: retry })).toBe(newer);
    const other = { ...waiting, id: "ring-2" };
    expect(shownRing(other, { to: waiting, view: live })).toBe(other);
  });
});
