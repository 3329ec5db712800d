import { describe, expect, it } from "vitest";
import { ANY_RESONANCE, pageSegments, type WallCell } from "~/domain/wall-paging";

const day = (d: number, wishes: number, before: number, resonanceCount = ANY_RESONANCE): WallCell => ({ resonanceCount, day: d, wishes, before });

describe("pageSegments", () => {
  it("reads a page inside one cell from the cell's edge, skipping the rows of the cell ahead of it", () => {
    expect(pageSegments([day(100, 50, 1000)], 1020, 6)).toEqual([{ resonanceCount: ANY_RESONANCE, day: 100, skip: 20, take: 6 }]);
  });

  it("joins the days of an order by time into one segment that runs on past the first day", () => {
    const cells = [day(99, 3, 1050), day(100, 50, 1000), day(98, 40, 1053)];
    expect(pageSegments(cells, 1048, 7)).toEqual([{ resonanceCount: ANY_RESONANCE, day: 100, skip: 48, take: 7 }]);
  });

  it("splits a page at each resonance count it crosses; later counts start at their first row", () => {
    const cells = [day(100, 4, 10, 5), day(99, 1, 14, 5), day(100, 2, 15, 4), day(90, 30, 17, 3)];
    expect(pageSegments(cells, 12, 8)).toEqual([
      { resonanceCount: 5, day: 100, skip: 2, take: 3 },
      { resonanceCount: 4, day: 100, skip: 0, take: 2 },
      { resonanceCount: 3, day: 90, skip: 0, take: 3 },
    ]);
  });

  it("stops at the end of the view and ignores empty or distant cells", () => {
    expect(pageSegments([day(7, 0, 5), day(6, 3, 5), day(1, 9, 100)], 6, 10)).toEqual([{ resonanceCount: ANY_RESONANCE, day: 6, skip: 1, take: 2 }]);
    expect(pageSegments([], 0, 6)).toEqual([]);
  });
});
