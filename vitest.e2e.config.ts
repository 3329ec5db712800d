import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { compiledCatalogues } from "./scripts/compiled-catalogues";
import { E2E_WORKERS } from "./test/e2e/support/sites";

// End-to-end journeys: real Chromium against `wrangler dev` on the built Worker, started once by the global setup: one
// site for each runner, so files run side by side, never two on one site (ADR 0081).
export default defineConfig({
  // The journeys print what the pages print through the app's own catalogues (test/support/english.ts).
  plugins: [compiledCatalogues()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["test/e2e/**/*.e2e.ts"],
    globalSetup: ["./test/e2e/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: E2E_WORKERS,
    // Files share their runner's process, one after another: each opens and closes its own browser connection and
    // contexts, and no support module keeps state; a fresh process a file cost about 1.2 CPU-s (bench/README.md).
    isolate: false,
    environment: "node",
    // A journey waits for a state (`expect.poll`), and a loaded machine takes longer to reach it: vitest's default of
    // 1 s failed the map's journeys under background load (markers still being drawn) while they passed alone. The
    // bound is how long a state may take to come, not a time the test waits.
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
