/**
 * Networks a relay refuses new sockets for a while, in memory (ADR 0098): a network whose socket broke the protocol
 * would otherwise open another at once and start again. At most `capacity` networks are held; past it the oldest
 * entry goes, so a crowd of networks costs memory in proportion to nothing but `capacity`. An eviction forgets them
 * all, which only gives each one more socket.
 */
export class SocketPenalties {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly durationMs: number,
    private readonly capacity = 1_000,
  ) {}

  penalise(network: string, now: number): void {
    this.until.delete(network);
    this.until.set(network, now + this.durationMs);
    for (const [key, end] of this.until) {
      if (this.until.size <= this.capacity && end > now) break;
      this.until.delete(key);
    }
  }

  /** Seconds the network still waits, or 0. */
  waitSeconds(network: string, now: number): number {
    const end = this.until.get(network);
    if (end === undefined) return 0;
    if (end <= now) {
      this.until.delete(network);
      return 0;
    }
    return Math.ceil((end - now) / 1000);
  }
}
