import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { compiledCatalogues } from "./scripts/compiled-catalogues";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * A vitest project inside workerd: the Worker of wrangler.toml, with the test secrets and the migrations to apply.
 * `bindings` adds to or overrides them (the IBM lane configures QUANTUM_PROVIDER=ibm this way).
 */
export function workerdConfig({
  include,
  bindings = {},
  globalSetup,
  outboundService,
}: {
  include: string[];
  bindings?: Record<string, string>;
  globalSetup?: string[];
  /** Where the Worker's own fetches go (the push lane trusts its stand-in's certificate this way). */
  outboundService?: (request: Request) => Promise<Response>;
}) {
  return defineConfig({
    plugins: [
      compiledCatalogues(),
      cloudflareTest(async () => ({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: await readD1Migrations(here("./migrations")),
            HASH_SECRET: "test-hash-secret-0123456789",
            ADMIN_PASSWORD: "test-admin-password",
            SESSION_SECRET: "test-session-secret-0123456789",
            IBM_API_KEY: "",
            IBM_INSTANCE_CRN: "",
            ...bindings,
          },
          ...(outboundService ? { outboundService } : {}),
        },
      })),
    ],
    resolve: {
      alias: {
        "~": here("./app"),
        "brotli/decompress.js": here("./scripts/stubs/brotli-decompress.mjs"),
      },
    },
    test: {
      include,
      globalSetup,
      setupFiles: ["./test/setup/apply-migrations.ts"],
      // The machine is shared and noisy; a test that is merely slow must not fail.
      testTimeout: 30_000,
      // Two files side by side: each file's workerd start-up and migrations (about 3 s) overlap with the other's
      // tests. Vitest's default on two cores is one worker: 97 s for the integration lane against 64 s with two.
      maxWorkers: 2,
      // Pre-bundled by esbuild: obscenity's ESM entry re-exports its CommonJS build, which workerd cannot import as is.
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "obscenity"] } } },
    },
  });
}
