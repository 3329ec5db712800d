export function tally(outcomes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

/** The outcome seen most often; among equals the lexicographically smallest, so the choice is stable. */
export function mostFrequentOutcome(counts: Record<string, number>): string {
  let best: string | undefined;
  for (const [outcome, count] of Object.entries(counts)) {
    if (best === undefined || count > counts[best] || (count === counts[best] && outcome < best)) best = outcome;
  }
  if (best === undefined) throw new RangeError("No outcomes to choose from.");
  return best;
}
