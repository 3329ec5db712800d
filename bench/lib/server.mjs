// Starts the built Worker under `wrangler dev` (as `npm start` does) on a free port with its own seeded D1,
// or uses BENCH_URL when given. Every bench measures against loopback only.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { build, migrate, prepareDatabase, startServer, stopServer } from "../../scripts/lib/wrangler.mjs";

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
  return startOnFreePort(persistDir, { vars });
}

/**
 * Starts a bench fixture Worker (its own wrangler.toml under bench/fixtures/) beside the site, with its own port,
 * inspector port and storage. It answers the same health path as the site.
 */
export async function benchFixture(config) {
  const persistDir = mkdtempSync(join(tmpdir(), "quantum-bell-fixture-"));
  return startOnFreePort(persistDir, { args: ["--config", config, "--inspector-port", String(await freePort())] });
}

/**
 * A fresh `wrangler dev` of the built Worker: a cold isolate, for first-request figures. With an empty migrated D1 of
 * its own, or on `persistDir`, the storage an earlier server left (kept when this one stops).
 */
export async function coldServer({ persistDir } = {}) {
  if (persistDir) return startOnFreePort(persistDir, {}, { keepStorage: true });
  const fresh = mkdtempSync(join(tmpdir(), "quantum-bell-cold-"));
  migrate(fresh);
  return startOnFreePort(fresh, {});
}

/** `wrangler dev` on a free port with its storage in `persistDir`, removed again by `stop()` unless kept. */
async function startOnFreePort(persistDir, options, { keepStorage = false } = {}) {
  const port = await freePort();
  const server = startServer({ port, persistTo: persistDir, ...options });
  await server.ready;
  return {
    url: `http://127.0.0.1:${port}`,
    directUrl: () => directWorkerUrl(server.child.pid, port),
    /** Everything `wrangler dev` has printed so far (the Worker's console lines among it). */
    output: server.output,
    persistDir,
    /** Stops the server; its storage goes too unless `keep` (then the caller removes it with `removeStorage`). */
    async stop({ keep = keepStorage } = {}) {
      stopServer(server.child);
      if (keep) await exited(server.child);
      else rmSync(persistDir, { recursive: true, force: true });
    },
  };
}

export function removeStorage(persistDir) {
  rmSync(persistDir, { recursive: true, force: true });
}

/** Resolves once the process has exited (its storage is then closed). */
function exited(child) {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", resolve));
}

/** The machine's 1-minute load average now: the figures of this shared 2-core machine move with it. */
export function loadAverage() {
  return loadavg()[0].toFixed(1);
}

export function machine() {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model?.trim() ?? "CPU"}, Node ${process.version}`;
}

/** Every process under `pid` (Linux /proc). */
function descendants(pid) {
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent pid is the 4th field of /proc/<pid>/stat, after the parenthesised name.
      const parent = Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const found = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * \`wrangler dev\` answers on its own proxy (a second workerd on \`port\`), which forwards to the Worker's workerd on a
 * port of its choosing. The deployed Worker has no such proxy, so benches that measure the Worker itself find that
 * inner socket: a loopback port held by one of wrangler's workerd processes that answers the health check and is
 * not the proxy's. Linux only (ss); null elsewhere or when none answers.
 */
export async function directWorkerUrl(wranglerPid, proxyPort) {
  let listing;
  try {
    listing = execFileSync("ss", ["-ltnpH"], { encoding: "utf8" });
  } catch {
    return null;
  }
  const pids = new Set(descendants(wranglerPid));
  const ports = [];
  for (const line of listing.split("\n")) {
    const port = Number(/127\.0\.0\.1:(\d+)/.exec(line)?.[1]);
    const pid = Number(/pid=(\d+)/.exec(line)?.[1]);
    if (port && port !== proxyPort && pids.has(pid) && line.includes('"workerd"')) ports.push(port);
  }
  for (const port of ports) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/infrastructure/health`, { signal: AbortSignal.timeout(3_000) });
      if (response.ok) return `http://127.0.0.1:${port}`;
    } catch {
      // Not an HTTP socket (the inspector, the loopback service).
    }
  }
  return null;
}
