import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RING_BATCH_SIZE } from "~/domain/limits";
import { nextRing, ringBatch, ringOf, type BatchCandidate } from "~/domain/ring-batch";

const at = (minute: number) => Date.UTC(2026, 10, 27, 6, minute);
const wish = (id: string, minute: number, ringers = false): BatchCandidate => ({ id, createdAt: at(minute), ringers });
const oldestFirst = (count: number) => Array.from({ length: count }, (_, i) => wish(`w${String(i).padStart(3, "0")}`, i));

describe("the batch rule", () => {
  it("takes the oldest five, then by id, when the ringer asks for none of its own", () => {
    const waiting = [wish("f", 5), wish("b", 1), wish("a", 0), wish("e", 4), wish("c", 2), wish("d", 2)];
    expect(ringBatch(waiting)).toEqual(["a", "b", "c", "d", "e"]);
    expect(ringBatch(waiting, ["f"])).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("puts the ringer's own requested wish in, with the four oldest others, oldest first", () => {
    const waiting = [...oldestFirst(7), wish("mine", 9, true)];
    expect(ringBatch(waiting, ["mine"])).toEqual(["w000", "w001", "w002", "w003", "mine"]);
  });

  it("lets one own wish in, the smallest id, however many the ringer asks for", () => {
    const waiting = [...oldestFirst(6), wish("own-b", 7, true), wish("own-a", 8, true)];
    expect(ringBatch(waiting, ["own-b", "own-a"])).toEqual(["w000", "w001", "w002", "w003", "own-a"]);
  });

  it("does not move the ringer's own wish ahead unless it is asked for", () => {
    expect(ringBatch([...oldestFirst(6), wish("mine", 9, true)])).toEqual(oldestFirst(5).map((w) => w.id));
  });

  it("takes nothing when nothing waits", () => {
    expect(ringBatch([], ["a"])).toEqual([]);
  });
});

describe("what the page derives from the rule", () => {
  it("counts the next ring's wishes and those left after it as the rule takes them", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), (count) => {
        const takes = ringBatch(oldestFirst(count)).length;
        expect(nextRing(count)).toEqual({ takes, left: count - takes });
      }),
    );
  });

  it("places a waiting wish in the ring that the rule, ringing again and again, takes it with", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 * RING_BATCH_SIZE }).chain((count) => fc.tuple(fc.constant(count), fc.integer({ min: 0, max: count - 1 }))),
        ([count, ahead]) => {
          let waiting = oldestFirst(count);
          const target = waiting[ahead].id;
          for (let ring = 1; ; ring += 1) {
            const batch = ringBatch(waiting);
            if (batch.includes(target)) {
              expect(ringOf(ahead, count)).toEqual({ ring, companions: batch.length - 1 });
              // A wish not in the list yet stands at its end, as if it were.
              if (ahead === count - 1) expect(ringOf(ahead, count - 1)).toEqual(ringOf(ahead, count));
              return;
            }
            waiting = waiting.filter((w) => !batch.includes(w.id));
          }
        },
      ),
    );
  });
});
