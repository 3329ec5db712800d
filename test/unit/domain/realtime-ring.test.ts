import { describe, expect, it } from "vitest";
import { ringNotice } from "../../../app/domain/realtime-ring";
import type { RoomMessage } from "../../../app/domain/room-messages";

const rung = (wishIds: string[], ringId = "R1"): RoomMessage => ({ type: "bell-rung", ringId, virtual: false, wishIds, pendingLeft: 0 });
const base = { lastWishId: null, ringingHere: false, pathname: "/about", seen: new Set<string>() };

describe("ringNotice (ADR 0023)", () => {
  it("takes a visitor whose latest wish is in the ring to it", () => {
    expect(ringNotice(rung(["a", "mine"]), { ...base, lastWishId: "mine" })).toEqual({ kind: "follow", ringId: "R1" });
  });

  it("offers everyone else a link, naming how many wishes rang", () => {
    expect(ringNotice(rung(["a", "b", "c"]), { ...base, lastWishId: "other" })).toEqual({ kind: "notice", ringId: "R1", wishes: 3 });
  });

  it("stays quiet on the page that rang, on the ring's own page, for a ring already told, and for other messages", () => {
    expect(ringNotice(rung(["mine"]), { ...base, lastWishId: "mine", ringingHere: true })).toBeNull();
    expect(ringNotice(rung(["a"]), { ...base, pathname: "/bell/R1" })).toBeNull();
    expect(ringNotice(rung(["a"]), { ...base, seen: new Set(["R1"]) })).toBeNull();
    expect(ringNotice({ type: "presence", count: 3 }, base)).toBeNull();
  });
});
