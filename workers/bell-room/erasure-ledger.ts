import type { ErasureEntry, LedgerEntry } from "~/domain/erasure-ledger";
import { retentionCutoff } from "~/domain/retention";

const SEQ_KEY = "erasure-seq";
const ENTRY_PREFIX = "erasure:";
const entryKey = (seq: number) => `${ENTRY_PREFIX}${String(seq).padStart(12, "0")}`;

/**
 * The erasure ledger in the BellRoom's own storage, which a D1 restore does not touch (ADR 0108). Entries older than
 * RETENTION_DAYS.erasureLedger are dropped as new ones are written: no restore reaches back that far.
 */
export class ErasureLedger {
  constructor(private readonly storage: DurableObjectStorage) {}

  /** Writes one entry and answers its number; numbers only grow, even after old entries are dropped. */
  async record(entry: ErasureEntry, at: number): Promise<number> {
    const seq = ((await this.storage.get<number>(SEQ_KEY)) ?? 0) + 1;
    await this.storage.put<number | LedgerEntry>({ [SEQ_KEY]: seq, [entryKey(seq)]: { ...entry, seq, at } });
    await this.dropOlderThan(retentionCutoff("erasureLedger", at));
    return seq;
  }

  /** The entries made at or after `since`, oldest first. */
  async since(since: number): Promise<LedgerEntry[]> {
    const entries = await this.storage.list<LedgerEntry>({ prefix: ENTRY_PREFIX });
    return [...entries.values()].filter((entry) => entry.at >= since);
  }

  private async dropOlderThan(cutoff: number): Promise<void> {
    const old = [...(await this.storage.list<LedgerEntry>({ prefix: ENTRY_PREFIX, limit: 128 })).entries()].filter(([, entry]) => entry.at < cutoff);
    if (old.length > 0) await this.storage.delete(old.map(([key]) => key));
  }
}
