import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { prepareDatabase, startServer, stopServer } from "../../../scripts/lib/wrangler.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    persistDir: string;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** One seeded database and one server for the whole e2e run, each in a throwaway folder and a free port. */
export default async function setup(project: TestProject) {
  const persistDir = mkdtempSync(join(tmpdir(), "quantum-bell-e2e-"));
  prepareDatabase(persistDir);
  const port = await freePort();
  // Every browser shares 127.0.0.1, so the per-IP daily limit is lifted; the limit itself is tested in workerd.
  const server = startServer({ port, persistTo: persistDir, vars: { IP_DAILY_WISH_LIMIT: "100000" } });
  await server.ready;
  project.provide("baseURL", `http://127.0.0.1:${port}`);
  project.provide("persistDir", persistDir);
  return () => {
    stopServer(server.child);
    rmSync(persistDir, { recursive: true, force: true });
  };
}
