import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { compiledCatalogues } from "./scripts/compiled-catalogues";

// What the build makes, inspected in Node: the Worker bundle wrangler would upload, and that Worker under
// `wrangler dev` (test/bundle/).
export default defineConfig({
  // test/bundle imports the card renderer, which reads the catalogues the build compiles (ADR 0067).
  plugins: [compiledCatalogues()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    environment: "node",
    include: ["test/bundle/**/*.test.ts"],
    testTimeout: 30_000,
    // At least two workers (vitest's default is one on two cores): the /og cold-start file, which waits on two
    // server starts, runs beside the dry runs. Each file writes under a folder of its own and picks a free port.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
