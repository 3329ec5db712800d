/**
 * How often one kind of failure may be reported (ADR 0099): at most `perWindow` reports a window, per isolate. The
 * rest are held back and counted, and the next report let through carries how many were, so the operator's counts
 * stay whole while a visitor who can cause a failure at will cannot turn each request into a log line, a D1 write
 * and a Sentry event. At most `kinds` kinds are kept; past them the oldest is forgotten.
 */
export class ReportBudget {
  private readonly kinds = new Map<string, { windowStart: number; reported: number; held: number }>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
    private readonly maxKinds = 500,
  ) {}

  /** Whether a report of `kind` may go now; when it may, how many held back before it go with it. */
  take(kind: string, now: number): { report: true; held: number } | { report: false } {
    const windowStart = now - (now % this.windowMs);
    let entry = this.kinds.get(kind);
    if (!entry) {
      if (this.kinds.size >= this.maxKinds) this.kinds.delete(this.kinds.keys().next().value!);
      entry = { windowStart, reported: 0, held: 0 };
      this.kinds.set(kind, entry);
    }
    if (entry.windowStart !== windowStart) {
      entry.windowStart = windowStart;
      entry.reported = 0;
    }
    if (entry.reported >= this.perWindow) {
      entry.held += 1;
      return { report: false };
    }
    entry.reported += 1;
    const held = entry.held;
    entry.held = 0;
    return { report: true, held };
  }
}
