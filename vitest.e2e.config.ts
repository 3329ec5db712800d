import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { compiledCatalogues } from "./scripts/compiled-catalogues";

// End-to-end journeys: real Chromium against `wrangler dev` on the built Worker, started once by the global setup.
export default defineConfig({
  // The journeys print what the pages print through the app's own catalogues (test/support/english.ts).
  plugins: [compiledCatalogues()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["test/e2e/**/*.e2e.ts"],
    globalSetup: ["./test/e2e/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    environment: "node",
  },
});
