import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { compiledCatalogues } from "./scripts/compiled-catalogues";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * wrangler.toml as the Workers test pool reads it: without the rule that uploads the build's chunks as ES modules
 * (ADR 0078). The pool loads any module a rule names directly in workerd rather than through Vite, and with the
 * built chunks loaded that way the test files fail to load React's CommonJS files ("require is not defined"). Written
 * beside wrangler.toml, so every relative path in it still holds; only when it changes, and whole (a rename), since
 * the workerd lanes run side by side and each reads it as its runtimes start.
 */
function poolWranglerConfig(): string {
  const path = here("./.wrangler.vitest.toml");
  const config = readFileSync(here("./wrangler.toml"), "utf8");
  const withoutUploadRule = config.replace(/^# upload-only:start[\s\S]*?^# upload-only:end\n/m, "");
  if (withoutUploadRule === config) throw new Error("wrangler.toml has no upload-only block for the test pool to drop");
  if (existsSync(path) && readFileSync(path, "utf8") === withoutUploadRule) return path;
  const written = `${path}.${process.pid}`;
  writeFileSync(written, withoutUploadRule);
  renameSync(written, path);
  return path;
}

/**
 * A vitest project inside workerd: the Worker of wrangler.toml, with the test secrets and the migrations to apply.
 * `bindings` adds to or overrides them (the IBM lane configures QUANTUM_PROVIDER=ibm this way).
 */
export function workerdConfig({
  include,
  bindings = {},
  globalSetup,
  outboundService,
  ownRuntime,
}: {
  include: string[];
  /**
   * Files that need a workerd of their own: the other files of the project share one for each runner (ADR 0083).
   * Without it, every file gets its own, as the pool's default.
   */
  ownRuntime?: string[];
  bindings?: Record<string, string>;
  globalSetup?: string[];
  /** Where the Worker's own fetches go (the push lane trusts its stand-in's certificate this way). */
  outboundService?: (request: Request) => Promise<Response>;
}) {
  return defineConfig({
    // A Vite cache of each lane's own: the workerd lanes run side by side, and each writes its optimized deps there.
    cacheDir: here(`./node_modules/.vite/workerd-${include[0]!.split("/")[1]}`),
    plugins: [
      compiledCatalogues(),
      cloudflareTest(async () => ({
        wrangler: { configPath: poolWranglerConfig() },
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
      ...(!ownRuntime && { include }),
      globalSetup,
      setupFiles: ["./test/setup/fresh-state.ts"],
      // The machine is shared and noisy; a test that is merely slow must not fail.
      testTimeout: 30_000,
      // Two runners side by side (vitest's default on two cores is one). With `ownRuntime`, each runner starts one
      // workerd for all its files, and test/setup/fresh-state.ts gives each file an empty D1 and Durable Objects:
      // a workerd's start-up was about 3 s of each file's, 88 → 41 s for the integration lane (ADR 0083).
      maxWorkers: 2,
      ...(ownRuntime && {
        projects: [
          { extends: true, test: { name: "shared runtime", include, exclude: ownRuntime, isolate: false } },
          { extends: true, test: { name: "own runtime", include: ownRuntime } },
        ],
      }),
      // Pre-bundled by esbuild: obscenity's ESM entry re-exports its CommonJS build, which workerd cannot import as is.
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "obscenity"] } } },
    },
  });
}
