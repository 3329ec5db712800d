/**
 * The erasure ledger (ADR 0108): every erasure is written outside D1 before it is applied, so a restore of D1 to a
 * moment before it cannot bring the erased rows back for good. An entry holds what it takes to apply it again and
 * nothing that names a person: a wish's or message's id, an address only as its keyed hash.
 */
export type ErasureEntry =
  | { kind: "wish"; id: string }
  | { kind: "message"; id: string }
  | { kind: "subscriber"; addressHash: string }
  | { kind: "address"; addressHash: string };

/** An entry as the ledger keeps it: its number (1, 2, 3… in the order they were made) and when it was made. */
export type LedgerEntry = ErasureEntry & { seq: number; at: number };

/** The ledger's entries that D1 has no mark of (a restore took the marks away with the erasures), oldest first. */
export function unapplied(entries: readonly LedgerEntry[], applied: ReadonlySet<number>): LedgerEntry[] {
  return entries.filter((entry) => !applied.has(entry.seq)).sort((a, b) => a.seq - b.seq);
}
