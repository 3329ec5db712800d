// Issue 46's floods, replayed on loopback: junk socket frames while /api/stats is probed, and the rows refused
// reports write. Part of `npm run bench:abuse`; alone: `node bench/lib/abuse-floods.mjs` (builds nothing: run
// `npm run build` first). Bounded: 50,000 frames a socket, 60 s of flooding, 20 s of probing after each flood,
// 1,500 reports; loopback only.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import WebSocket from "ws";
import { migrate, queryLocal, startServer, stopServer } from "../../scripts/lib/wrangler.mjs";
import { directWorkerUrl, freePort } from "./server.mjs";
import { today, writeSection } from "./report.mjs";
import { summarise } from "./stats.mjs";

const FRAMES = 50_000;
const NETWORK_SOCKETS = 20;
const NETWORK_FLOOD_MS = 60_000;
/** How long the probe goes on after a flood stops: recovery past this is printed as "> 20 s". */
const AFTER_MS = 20_000;
const PROBE_TIMEOUT_MS = 10_000;
const PROBE_GAP_MS = 100;
const REPORTS = 1_500;
/** The socket writes while less than this waits in its buffer: as fast as the server reads, never unbounded. */
const HIGH_WATER = 64 * 1024;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks /api/stats one request at a time until `stopped()` says so; each answer's time from when it was asked, a
 * request that got no answer within PROBE_TIMEOUT_MS counted as that long.
 */
async function probe(base, stopped) {
  const samples = [];
  while (!stopped()) {
    const asked = Date.now();
    try {
      const response = await fetch(`${base}/api/stats`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      await response.arrayBuffer();
    } catch {
      // Timed out or dropped: counted at its full wait below.
    }
    samples.push({ at: asked, ms: Date.now() - asked });
    await sleep(PROBE_GAP_MS);
  }
  return samples;
}

/**
 * One socket as a hostile client holds it: it writes `frame` until it sent `limit`, the clock passes `until` or the
 * server closes it. Resolves with what it sent and how it ended (a refused upgrade's status, or the close code).
 */
function flooder(url, headers, frame, { limit = Infinity, until = Infinity } = {}) {
  return new Promise((resolve) => {
    // A server too busy to answer the upgrade within 10 s counts as a refusal: the phase must end on time.
    const ws = new WebSocket(url, { perMessageDeflate: false, headers, handshakeTimeout: 10_000 });
    const state = { sent: 0, closeCode: null, refused: null };
    ws.on("unexpected-response", (_request, response) => {
      state.refused = response.statusCode;
      response.resume();
      resolve(state);
    });
    ws.on("error", () => {
      if (ws.readyState !== WebSocket.CLOSED || state.closeCode === null) state.refused ??= state.sent === 0 ? "no answer" : null;
      resolve(state);
    });
    ws.on("close", (code) => {
      state.closeCode = code;
      resolve(state);
    });
    ws.on("open", () => {
      const pump = () => {
        if (ws.readyState !== WebSocket.OPEN) return;
        if (Date.now() >= until) return ws.terminate();
        if (state.sent >= limit) return void setTimeout(() => ws.close(1000), 50);
        while (ws.bufferedAmount < HIGH_WATER && state.sent < limit) {
          ws.send(frame);
          state.sent += 1;
        }
        setImmediate(pump);
      };
      pump();
    });
  });
}

/** Probes during `flood()` and AFTER_MS after it: p99 and worst while flooding, and how soon after it answers again. */
async function measured(base, flood) {
  let floodEnded = null;
  let done = false;
  const probing = probe(base, () => done);
  const started = Date.now();
  const detail = await flood();
  floodEnded = Date.now();
  await sleep(AFTER_MS);
  done = true;
  const samples = await probing;
  const during = samples.filter((s) => s.at < floodEnded).map((s) => s.ms);
  const after = samples.filter((s) => s.at >= floodEnded);
  // Recovery: from the flood's end to the end of the first answer within a second that none after it exceeds.
  let recoveredAt = null;
  for (const sample of after) {
    if (sample.ms > 1_000) recoveredAt = null;
    else if (recoveredAt === null) recoveredAt = sample.at + sample.ms;
  }
  const lastAnswered = samples.at(-1);
  const answeredAtAll = lastAnswered && lastAnswered.ms < PROBE_TIMEOUT_MS;
  return {
    floodSeconds: Math.round((floodEnded - started) / 100) / 10,
    probes: samples.length,
    during: during.length ? summarise(during) : null,
    recoverySeconds: recoveredAt === null || !answeredAtAll ? `> ${AFTER_MS / 1000}` : Math.max(0, Math.round((recoveredAt - floodEnded) / 100) / 10),
    ...detail,
  };
}

/** One socket writes `FRAMES` frames of `frame` as fast as it may. */
async function oneSocket(base, ip, frame) {
  return measured(base, () => inThread({ kind: "socket", base, ip, frame }));
}

/** NETWORK_SOCKETS sockets of one network write one-byte frames for NETWORK_FLOOD_MS, opening again when closed. */
async function oneNetwork(base, ip) {
  return measured(base, () => inThread({ kind: "network", base, ip }));
}

/**
 * Runs a flood in a thread of its own: the probe's clock must not wait behind the flooders' writes in one event
 * loop (an earlier draft that shared it timed probes 30 s late).
 */
function inThread(task) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: task });
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

async function socketFlood({ base, ip, frame }) {
  const result = await flooder(wsUrl(base), headersFor(base, ip), frame, { limit: FRAMES });
  return { framesSent: result.sent, closeCode: result.closeCode };
}

async function networkFlood({ base, ip }) {
  const until = Date.now() + NETWORK_FLOOD_MS;
  const totals = { framesSent: 0, opened: 0, refusedUpgrades: 0, closeCodes: {} };
  const socket = async () => {
    while (Date.now() < until) {
      const result = await flooder(wsUrl(base), headersFor(base, ip), "x", { until });
      totals.framesSent += result.sent;
      if (result.refused) {
        totals.refusedUpgrades += 1;
        // A refused upgrade says when to come back; a script tries again a second later anyway.
        await sleep(1_000);
      } else {
        totals.opened += 1;
        if (result.closeCode !== null) totals.closeCodes[result.closeCode] = (totals.closeCodes[result.closeCode] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: NETWORK_SOCKETS }, socket));
  return totals;
}

/** One network reports one wish REPORTS times, four at a time, with a new device id each: rate-limit rows added. */
async function refusedReports(base, ip, rows) {
  const created = await post(base, "/api/wishes", { wish: "May the reported wish keep its quiet words", deviceFingerprint: fresh() }, "10.250.0.1");
  const id = created.json.wishId;
  if (!id) throw new Error(`the wish to report was refused: ${created.status} ${JSON.stringify(created.json)}`);
  const before = rows();
  const statuses = {};
  let sent = 0;
  const worker = async () => {
    while (sent < REPORTS) {
      sent += 1;
      const answer = await post(base, `/api/wishes/${id}/report`, { deviceFingerprint: fresh(), reason: "bench" }, ip);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const refused = statuses[429] ?? 0;
  return { reports: sent, refused, statuses, rowsAdded: rows() - before };
}

let serial = 0;
const fresh = () => `flood_${process.pid}_${(serial += 1)}_device`;
const wsUrl = (base) => `${base.replace(/^http/, "ws")}/ws`;
const headersFor = (base, ip) => ({ Origin: base, "CF-Connecting-IP": ip });

async function post(base, path, body, ip) {
  try {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base, "CF-Connecting-IP": ip },
      body: JSON.stringify(body),
    });
    // A page rather than JSON reads as no fields.
    return { status: response.status, json: await response.json().catch(() => ({})) };
  } catch {
    return { status: 0, json: {} };
  }
}

/**
 * Every flood against a server at `base`; `rows()` counts the rate_limits table of its D1. `sockets` is where the
 * floods and their probe go: `wrangler dev`'s inner Worker when found, past the proxy that relays every frame in
 * JavaScript of its own (which the deployed Worker does not have).
 */
export async function floodPhases({ base, rows, sockets = base }) {
  const figures = {};
  const phase = async (name, run) => {
    console.error(`[floods] ${name}…`);
    figures[name] = await run();
    console.error(`[floods] ${name}: ${JSON.stringify(figures[name])}`);
  };
  // Reports and pings first: a flood's aftermath (on the code before issue 46, minutes) must not be measured as theirs.
  if (process.env.BENCH_FLOODS_ONLY !== "1") await phase("reports", () => refusedReports(base, "10.240.0.1", rows));
  figures.target = sockets === base ? "wrangler dev's proxy" : "the Worker behind wrangler dev's proxy";
  await phase("pings", () => oneSocket(sockets, "10.242.0.1", "ping"));
  await phase("junk", () => oneSocket(sockets, "10.241.0.1", "x"));
  await phase("network", () => oneNetwork(sockets, "10.243.0.1"));
  return figures;
}

/** A socket the server never closed wrote every frame and closed itself (1000). */
const closing = (phase) => (phase.framesSent >= FRAMES && phase.closeCode === 1000 ? "all, never closed" : `${phase.framesSent} (${phase.closeCode})`);
const cell = (run, pick) => (run ? String(pick(run)) : "—");
/** A probe that timed out is printed as "≥ 10,000": it got no answer in that time. */
const probeMs = (ms) => (ms >= PROBE_TIMEOUT_MS ? `≥ ${PROBE_TIMEOUT_MS}` : String(ms));
const p = (phase) => (phase.during ? `${probeMs(phase.during.p99)} / ${probeMs(phase.during.max)}` : "—");

export function floodTable(after, before) {
  const rows = [
    ["sockets and probe sent to", (r) => r.target ?? "wrangler dev's proxy"],
    ["one socket, 50,000 one-byte frames: frames written before the server closed it (its close code)", (r) => closing(r.junk)],
    ["  /api/stats while it sends: p99 / worst (ms)", (r) => p(r.junk)],
    ["  /api/stats answering within 1 s again after it stops (s)", (r) => r.junk.recoverySeconds],
    ["one socket, 50,000 `ping` frames: /api/stats p99 / worst (ms)", (r) => p(r.pings)],
    ["  answering within 1 s again after (s)", (r) => r.pings.recoverySeconds],
    ["20 sockets of one network for 60 s, reopening when closed: sockets opened / upgrades refused", (r) => `${r.network.opened} / ${r.network.refusedUpgrades}`],
    ["  /api/stats while they flood: p99 / worst (ms)", (r) => p(r.network)],
    ["  answering within 1 s again after they stop (s)", (r) => r.network.recoverySeconds],
    ["1,500 reports from one network, a new device id each: refused (429) / rate_limits rows added (the 100 allowed write 101)", (r) => (r.reports ? `${r.reports.refused} / ${r.reports.rowsAdded}` : "—")],
  ];
  return [
    `### Socket floods and refused writes (${today()}, issue 46)`,
    "",
    "Command: `npm run build && node bench/lib/abuse-floods.mjs` (also a part of `npm run bench:abuse`; loopback,",
    "`wrangler dev`, /api/stats asked one request at a time every 100 ms, a probe waiting at most 10 s). Before: the same",
    "script on the code before issue 46 (`BENCH_BEFORE=file.json`).",
    "",
    `| measure | before${before ? ` (${before.commit})` : ""} | after (${after.commit}) |`,
    "|---|---|---|",
    ...rows.map(([label, pick]) => `| ${label} | ${cell(before, pick)} | ${cell(after, pick)} |`),
  ].join("\n");
}

/** Within `npm run bench:abuse`: runs the floods, writes their own section (BENCH_BEFORE's `floods` as before). */
export async function floodsSection({ base, rows }) {
  const figures = { commit: process.env.BENCH_LABEL ?? "this checkout", ...(await floodPhases({ base, rows })) };
  const before = process.env.BENCH_BEFORE ? JSON.parse(readFileSync(process.env.BENCH_BEFORE, "utf8")).floods ?? null : null;
  if (process.env.BENCH_WRITE !== "0") writeSection("abuse-floods", floodTable(figures, before));
  return figures;
}

/** Run alone: its own server and D1, its own section of bench/README.md. */
async function main() {
  const persistDir = mkdtempSync(join(tmpdir(), "quantum-bell-floods-"));
  migrate(persistDir);
  const port = await freePort();
  const server = startServer({ port, persistTo: persistDir });
  try {
    await server.ready;
    const rows = () => queryLocal("SELECT COUNT(*) AS n FROM rate_limits", persistDir)[0].n;
    const sockets = process.env.BENCH_DIRECT === "1" ? await directWorkerUrl(server.child.pid, port) : null;
    const base = `http://127.0.0.1:${port}`;
    const figures = { commit: process.env.BENCH_LABEL ?? "this checkout", ...(await floodPhases({ base, rows, sockets: sockets ?? base })) };
    console.log(JSON.stringify(figures, null, 2));
    if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, JSON.stringify(figures, null, 2));
    const before = process.env.BENCH_BEFORE ? JSON.parse(readFileSync(process.env.BENCH_BEFORE, "utf8")) : null;
    const table = floodTable(figures, before);
    if (process.env.BENCH_WRITE !== "0") writeSection("abuse-floods", table);
    console.log(table);
  } finally {
    stopServer(server.child);
    rmSync(persistDir, { recursive: true, force: true });
  }
}

if (!isMainThread && workerData?.kind) {
  parentPort.postMessage(await (workerData.kind === "socket" ? socketFlood(workerData) : networkFlood(workerData)));
} else if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
