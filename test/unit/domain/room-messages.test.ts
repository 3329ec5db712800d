import { describe, expect, it } from "vitest";
import { parseRoomMessage, roomFrame, type RoomMessage } from "~/domain/room-messages";

const wish = {
  id: "w1", wish: "May every village find peace", name: "Anonymous", country: "France", countryCode: "FR", location: "France",
  theme: "Peace", status: "pending", bellRingId: null, timestamp: "2026-11-22T06:40:00.000Z", resonanceCount: 3,
} as const;

const messages: RoomMessage[] = [
  { type: "bell-rung", ringId: "r1", virtual: false, wishIds: ["w1"], pendingLeft: 2, cooldownSeconds: 20 },
  {
    type: "batch-update", subType: "completed", bellRingId: "r1",
    data: { result: { quantumResult: "10110", poem: "…", counts: { "10110": 31 } }, completedAt: "2026-11-22T06:41:00.000Z", creditsSeconds: null, countryCodes: ["FR"] },
  },
  { type: "batch-update", subType: "failed", bellRingId: "r1", data: { error: "The bell could not ring.", retrying: true } },
  { type: "wish-submitted", country: "France", countryCode: "FR", theme: "Peace", wish },
  { type: "presence", count: 17 },
];

describe("socket frames: one union, parsed on both sides (docs/realtime.md#messages)", () => {
  it("round-trips every kind of message through the frame the room writes and the page reads", () => {
    for (const message of messages) expect(parseRoomMessage(roomFrame(message))).toEqual(message);
  });

  it("drops a frame that is not JSON, not ours, or ours in the wrong shape", () => {
    expect(parseRoomMessage("not json")).toBeNull();
    expect(parseRoomMessage(new ArrayBuffer(4))).toBeNull();
    expect(parseRoomMessage(JSON.stringify({ type: "takeover" }))).toBeNull();
    expect(parseRoomMessage(JSON.stringify({ type: "bell-rung", wishIds: "w1" }))).toBeNull();
    expect(parseRoomMessage(JSON.stringify({ type: "batch-update", subType: "exploded", bellRingId: "r1", data: {} }))).toBeNull();
    expect(parseRoomMessage(JSON.stringify({ type: "presence", count: "many" }))).toBeNull();
  });

  it("refuses to write a message the page would drop", () => {
    expect(roomFrame({ type: "presence", count: "many" } as unknown as RoomMessage)).toBeNull();
    expect(roomFrame({ type: "wish-submitted", country: null, countryCode: null, theme: "Peace", wish: { id: 1 } } as unknown as RoomMessage)).toBeNull();
  });

  it("writes the type first, which the relays' timing line reads", () => {
    for (const message of messages) expect(roomFrame(message)).toMatch(/^\{"type":"[a-z-]+"/);
  });
});
