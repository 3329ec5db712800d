import type { Translate } from "~/domain/messages";

export const HISTOGRAM_GEOMETRY = {
  width: 340,
  rowHeight: 26,
  barHeight: 18,
  top: 12,
  /** Room for the y-axis title and the bit-string labels. */
  left: 96,
  /** Room for the count printed after the longest bar. */
  right: 44,
  /** Room for the tick labels and the x-axis title. */
  bottom: 52,
  maxRows: 12,
} as const;

export interface Outcome {
  bitstring: string;
  count: number;
}

export interface HistogramBar {
  key: string;
  label: string;
  count: number;
  x: number;
  y: number;
  width: number;
  height: number;
  highlighted: boolean;
  /** The row that gathers every outcome beyond the ones drawn. */
  other: boolean;
}

export interface HistogramLayout {
  width: number;
  height: number;
  plot: { x: number; y: number; width: number; height: number };
  domainMax: number;
  ticks: { value: number; x: number }[];
  bars: HistogramBar[];
}

/** Most frequent first; equal counts in bit-string order, so the drawing never depends on object key order. */
export function sortedOutcomes(counts: Readonly<Record<string, number>>): Outcome[] {
  return Object.entries(counts)
    .filter(([, count]) => Number.isFinite(count) && count > 0)
    .map(([bitstring, count]) => ({ bitstring, count }))
    .sort((a, b) => b.count - a.count || (a.bitstring < b.bitstring ? -1 : a.bitstring > b.bitstring ? 1 : 0));
}

/** A 1-2-5 step that splits 0..max into at most five intervals. */
export function tickStep(max: number): number {
  if (max <= 0) return 1;
  const rough = max / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  for (const multiple of [1, 2, 5, 10]) {
    const step = multiple * magnitude;
    if (step >= rough) return Math.max(1, step);
  }
  return Math.max(1, 10 * magnitude);
}

export function otherOutcomesLabel(t: Translate, outcomes: number): string {
  return t("{count, plural, one {# other} other {# others}}", { count: outcomes });
}

/**
 * Horizontal bars, one row per outcome, most frequent at the top: bit strings stay readable on a phone. Past
 * `maxRows` outcomes the tail is folded into one "N others" row; the table beside the chart lists them all.
 */
export function histogramLayout(t: Translate, counts: Readonly<Record<string, number>>, chosen: string | null): HistogramLayout {
  const g = HISTOGRAM_GEOMETRY;
  const outcomes = sortedOutcomes(counts);
  const shown = outcomes.length > g.maxRows ? outcomes.slice(0, g.maxRows - 1) : outcomes;
  const folded = outcomes.slice(shown.length);
  const rows = shown.map((outcome) => ({ key: outcome.bitstring, label: outcome.bitstring, count: outcome.count, other: false }));
  if (folded.length) {
    rows.push({
      key: "other",
      label: otherOutcomesLabel(t, folded.length),
      count: folded.reduce((sum, outcome) => sum + outcome.count, 0),
      other: true,
    });
  }

  const max = Math.max(0, ...rows.map((row) => row.count));
  const step = tickStep(max);
  const domainMax = Math.max(step, Math.ceil(max / step) * step);
  const plot = { x: g.left, y: g.top, width: g.width - g.left - g.right, height: Math.max(1, rows.length) * g.rowHeight };
  const scale = (value: number) => (value / domainMax) * plot.width;
  const ticks = Array.from({ length: Math.round(domainMax / step) + 1 }, (_, index) => ({
    value: index * step,
    x: plot.x + scale(index * step),
  }));

  return {
    width: g.width,
    height: plot.y + plot.height + g.bottom,
    plot,
    domainMax,
    ticks,
    bars: rows.map((row, index) => ({
      ...row,
      x: plot.x,
      y: plot.y + index * g.rowHeight + (g.rowHeight - g.barHeight) / 2,
      width: scale(row.count),
      height: g.barHeight,
      highlighted: !row.other && row.key === chosen,
    })),
  };
}
