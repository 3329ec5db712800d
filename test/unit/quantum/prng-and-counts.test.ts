import { describe, it, expect } from "vitest";
import { mostFrequentOutcome, tally } from "../../../workers/quantum/counts";
import { fnv1a32, mulberry32, seededRandom } from "../../../workers/quantum/prng";

describe("prng", () => {
  it("hashes with 32-bit FNV-1a", () => {
    expect(fnv1a32("")).toBe(0x811c9dc5);
    expect(fnv1a32("a")).toBe(0xe40c292c);
    expect(fnv1a32("foobar")).toBe(0xbf9cf968);
  });

  it("repeats the same sequence for the same seed text and differs for another", () => {
    const take = (rng: () => number) => Array.from({ length: 8 }, rng);
    expect(take(seededRandom("ring-1"))).toEqual(take(seededRandom("ring-1")));
    expect(take(seededRandom("ring-1"))).not.toEqual(take(seededRandom("ring-2")));
  });

  it("stays in [0, 1) and spreads evenly", () => {
    const rng = mulberry32(123);
    const draws = Array.from({ length: 50_000 }, rng);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const buckets = new Array(10).fill(0);
    for (const u of draws) buckets[Math.floor(u * 10)]++;
    for (const bucket of buckets) expect(Math.abs(bucket - 5_000)).toBeLessThan(300);
  });
});

describe("counts", () => {
  it("tallies outcomes", () => {
    expect(tally(["01", "11", "01"])).toEqual({ "01": 2, "11": 1 });
  });

  it("picks the most frequent outcome, the lexicographically smallest among ties", () => {
    expect(mostFrequentOutcome({ "00": 10, "11": 60, "01": 30 })).toBe("11");
    expect(mostFrequentOutcome({ "11": 50, "00": 50 })).toBe("00");
    expect(mostFrequentOutcome({ "110": 40, "011": 40, "101": 20 })).toBe("011");
  });

  it("refuses an empty tally", () => {
    expect(() => mostFrequentOutcome({})).toThrow(RangeError);
  });
});
