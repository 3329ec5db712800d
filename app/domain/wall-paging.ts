// Deep wall pages without a deep OFFSET (ADR 0012). The wishes of a wall view are counted in cells — one UTC day, or
// one (resonance count, day) pair when the view is sorted by resonance — and the cells lie one after another in the
// view's order. A page [offset, offset + pageSize) then touches a few cells; these rules say which rows of which cells.

/** Any resonance count: the cells of a view sorted by time count every wish of their day. */
export const ANY_RESONANCE = -1;

/** A cell of a wall view, in the view's order: `before` wishes of the view come ahead of its first wish. */
export interface WallCell {
  resonanceCount: number;
  day: number;
  wishes: number;
  before: number;
}

/**
 * Rows to read for one page: within one resonance count (or any), starting at the first wish of `day` in the view's
 * order, skip `skip` wishes and take `take`. The wishes of one resonance count are contiguous in every wall order,
 * ordered by time inside, so one segment covers however many days of that count the page spans.
 */
export interface WallSegment {
  resonanceCount: number;
  day: number;
  skip: number;
  take: number;
}

/**
 * The segments of the page that starts `offset` wishes into the view, given the cells that overlap it (in any order;
 * cells that do not overlap are ignored). Reading each segment and joining the results in order gives the page: one
 * segment for an order by time, one per resonance count the page touches for an order by resonance.
 */
export function pageSegments(cells: readonly WallCell[], offset: number, pageSize: number): WallSegment[] {
  const end = offset + pageSize;
  const segments: WallSegment[] = [];
  for (const cell of [...cells].sort((a, b) => a.before - b.before)) {
    const from = Math.max(offset, cell.before);
    const to = Math.min(end, cell.before + cell.wishes);
    if (to <= from) continue;
    const last = segments.at(-1);
    if (last && last.resonanceCount === cell.resonanceCount) last.take += to - from;
    else segments.push({ resonanceCount: cell.resonanceCount, day: cell.day, skip: from - cell.before, take: to - from });
  }
  return segments;
}
