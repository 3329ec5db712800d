import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { compiledCatalogues } from "./scripts/compiled-catalogues";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The fast lane: pure rules (app/domain, formatting, quantum maths, the IBM client against its in-process fake) and
// what needs Node itself (the fake IBM service behind a real HTTP server). No Worker API, so no workerd start-up.
export default defineConfig({
  plugins: [compiledCatalogues()],
  resolve: { alias: { "~": here("./app") } },
  test: {
    environment: "node",
    include: ["test/unit/**/*.test.ts", "test/node/**/*.test.ts"],
    testTimeout: 30_000,
    // The files share their runners' processes (vitest's isolation started one a file, 89 in all: 21.7 -> 14.1 s
    // and 40 -> 26 CPU-s); globals and environment variables a test stubs are put back after it.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    // Vitest's default is one worker fewer than the cores: one on two cores, where the files then ran one after
    // another behind check-settings, whose 15 s are mostly its children starting. At least two, so the rest run beside it.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
