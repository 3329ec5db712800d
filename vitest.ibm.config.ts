import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { FAKE_API_KEY, FAKE_INSTANCE_CRN } from "./test/fakes/ibm-fake";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** A port nobody listens on now; the global setup starts the fake IBM service there. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// The IBM path as deployed: the Worker configured with QUANTUM_PROVIDER=ibm, no injected fetch, talking over real
// HTTP to the fake IBM service (test/fakes/ibm-server.ts) that the global setup starts on a free port.
const port = process.env.IBM_FAKE_PORT ? Number(process.env.IBM_FAKE_PORT) : await freePort();
process.env.IBM_FAKE_PORT = String(port);
const fakeUrl = `http://127.0.0.1:${port}`;

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(here("./migrations")),
          HASH_SECRET: "test-hash-secret-0123456789",
          ADMIN_PASSWORD: "test-admin-password",
          SESSION_SECRET: "test-session-secret-0123456789",
          QUANTUM_PROVIDER: "ibm",
          IBM_API_KEY: FAKE_API_KEY,
          IBM_INSTANCE_CRN: FAKE_INSTANCE_CRN,
          IBM_API_URL: `${fakeUrl}/api/v1`,
          IBM_IAM_URL: `${fakeUrl}/identity/token`,
          IBM_FAKE_URL: fakeUrl,
        },
      },
    })),
  ],
  resolve: {
    alias: {
      "~": here("./app"),
      "@quantum-bell/server-build": here("./build/server/index.js"),
    },
  },
  test: {
    include: ["test/ibm-live/**/*.test.ts"],
    globalSetup: ["./test/ibm-live/start-fake.ts"],
    setupFiles: ["./test/setup/apply-migrations.ts"],
    testTimeout: 30_000,
    deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } } },
  },
});
