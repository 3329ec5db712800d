import { availableParallelism } from "node:os";

/** A site of the e2e run: its address and the folder of its local D1, which a journey may read with `queryLocal`. */
export interface E2eSite {
  baseURL: string;
  persistDir: string;
}

/**
 * How many e2e files run at once, each runner on a site of its own (ADR 0081): one a core, at least two. One file at a
 * time kept two cores at a load average near 1, the journeys waiting on the product's own clocks (the bell's swing,
 * the ring page's 8 s); three at a time on two cores were hardly faster than two and put the journeys' timings under
 * a load average of 12. `E2E_WORKERS=1` runs them one by one, as before.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || Math.max(2, availableParallelism()));
