import { describe, expect, it } from "vitest";
import { english } from "../../support/english";
import { HISTOGRAM_GEOMETRY, histogramLayout, otherOutcomesLabel, sortedOutcomes, tickStep } from "../../../app/components/result/histogram";

describe("sortedOutcomes", () => {
  it("puts the most frequent first and breaks ties by bit string", () => {
    expect(sortedOutcomes({ "01": 10, "11": 40, "00": 10, "10": 40 })).toEqual([
      { bitstring: "10", count: 40 },
      { bitstring: "11", count: 40 },
      { bitstring: "00", count: 10 },
      { bitstring: "01", count: 10 },
    ]);
  });

  it("drops outcomes that were never measured", () => {
    expect(sortedOutcomes({ "0": 0, "1": 100 })).toEqual([{ bitstring: "1", count: 100 }]);
  });
});

describe("tickStep", () => {
  it("picks a 1-2-5 step with at most five intervals", () => {
    expect(tickStep(3)).toBe(1);
    expect(tickStep(9)).toBe(2);
    expect(tickStep(31)).toBe(10);
    expect(tickStep(100)).toBe(20);
    expect(tickStep(0)).toBe(1);
    for (const max of [1, 7, 13, 24, 49, 51, 77, 100]) {
      expect(Math.ceil(max / tickStep(max))).toBeLessThanOrEqual(5);
    }
  });
});

describe("histogramLayout", () => {
  const counts = { "10110": 31, "00110": 20, "11111": 9, "00000": 40 };

  it("draws one bar per outcome, top to bottom by count, lengths in proportion", () => {
    const layout = histogramLayout(english, counts, "00000");
    expect(layout.bars.map((bar) => bar.label)).toEqual(["00000", "10110", "00110", "11111"]);
    expect(layout.domainMax).toBe(40);
    expect(layout.bars[0].width).toBeCloseTo(layout.plot.width);
    expect(layout.bars[2].width).toBeCloseTo(layout.plot.width / 2);
    const ys = layout.bars.map((bar) => bar.y);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
  });

  it("highlights the chosen bit string only", () => {
    const layout = histogramLayout(english, counts, "10110");
    expect(layout.bars.filter((bar) => bar.highlighted).map((bar) => bar.label)).toEqual(["10110"]);
    expect(histogramLayout(english, counts, null).bars.some((bar) => bar.highlighted)).toBe(false);
  });

  it("places ticks from 0 to the rounded maximum along the plot", () => {
    const layout = histogramLayout(english, counts, null);
    expect(layout.ticks.map((tick) => tick.value)).toEqual([0, 10, 20, 30, 40]);
    expect(layout.ticks[0].x).toBe(layout.plot.x);
    expect(layout.ticks.at(-1)?.x).toBeCloseTo(layout.plot.x + layout.plot.width);
  });

  it("folds the tail into one row past the row limit, keeping every shot", () => {
    const many: Record<string, number> = {};
    for (let index = 0; index < 20; index++) many[index.toString(2).padStart(5, "0")] = 20 - index;
    const layout = histogramLayout(english, many, "00000");
    expect(layout.bars).toHaveLength(HISTOGRAM_GEOMETRY.maxRows);
    const last = layout.bars.at(-1)!;
    expect(last.other).toBe(true);
    expect(last.label).toBe(otherOutcomesLabel(english, 20 - (HISTOGRAM_GEOMETRY.maxRows - 1)));
    const total = Object.values(many).reduce((sum, count) => sum + count, 0);
    expect(layout.bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(total);
  });

  it("fits inside its own box", () => {
    const layout = histogramLayout(english, counts, null);
    for (const bar of layout.bars) {
      expect(bar.x + bar.width).toBeLessThanOrEqual(layout.width - HISTOGRAM_GEOMETRY.right + 0.001);
      expect(bar.y + bar.height).toBeLessThanOrEqual(layout.plot.y + layout.plot.height);
    }
    expect(layout.height).toBe(layout.plot.y + layout.plot.height + HISTOGRAM_GEOMETRY.bottom);
  });

  it("survives an empty result", () => {
    const layout = histogramLayout(english, {}, null);
    expect(layout.bars).toEqual([]);
    expect(layout.ticks.map((tick) => tick.value)).toEqual([0, 1]);
  });

  it("words the folded row", () => {
    expect(otherOutcomesLabel(english, 1)).toBe("1 other");
    expect(otherOutcomesLabel(english, 9)).toBe("9 others");
  });
});
