// Starts the built Worker under `wrangler dev` (as `npm start` does) on a free port with its own seeded D1,
// or uses BENCH_URL when given. Every bench measures against loopback only.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { build, prepareDatabase, startServer, stopServer } from "../../scripts/lib/wrangler.mjs";

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function benchServer({ vars = {}, skipBuild = process.env.BENCH_SKIP_BUILD === "1" } = {}) {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL.replace(/\/$/, ""), stop: () => {} };
  if (!skipBuild) build();
  const persistDir = mkdtempSync(join(tmpdir(), "quantum-bell-bench-"));
  prepareDatabase(persistDir);
  const port = await freePort();
  const server = startServer({ port, persistTo: persistDir, vars });
  await server.ready;
  return {
    url: `http://127.0.0.1:${port}`,
    stop() {
      stopServer(server.child);
      rmSync(persistDir, { recursive: true, force: true });
    },
  };
}

export function machine() {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model?.trim() ?? "CPU"}, Node ${process.version}`;
}
