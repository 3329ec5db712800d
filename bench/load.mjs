// HTTP load on `npm start`'s server (loopback): each API route and the home page beside a static asset of the same
// server as the floor, first at a fixed 100 requests/s over 20 connections, then at saturation. The machine is shared
// and its load changes by the minute, so the floor is measured again right before each route and each row's ratios
// are against that floor alongside it. Each row is marked against its DESIGN §8 budget. Figures go to bench/README.md.
// Usage: npm run bench:load   (BENCH_URL=http://127.0.0.1:5002 to target a running server; BENCH_SECONDS=10)
import autocannon from "autocannon";
import { loadavg } from "node:os";
import { benchServer, machine } from "./lib/server.mjs";
import { ms, today, writeSection } from "./lib/report.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const RATE = 100;
/** autocannon's default; a response slower than this is a timeout (an error), never a silent non-answer. */
const TIMEOUT_SECONDS = 10;

/** DESIGN §8: p50 ≤ 2× and p99 ≤ 3× the floor at 100/s with zero errors, ≥ 50% of its req/s at saturation. */
const READ_BUDGET = { p50: 2, p99: 3, share: 0.5 };
/** The home page's budget is only its share of the floor's req/s at saturation. */
const HOME_BUDGET = { share: 0.4 };

let serial = 0;
/** A device fingerprint no other request of this run uses (the schema asks for 16 to 128 characters). */
const freshDevice = () => `bench_${process.pid}_${(serial += 1)}_padding`;

const FLOOR = { name: "static asset (floor)", path: "/favicon.svg" };

const targets = (wishId) => [
  { name: "GET /api/wishes/wall", path: "/api/wishes/wall?page=1&pageSize=6", budget: READ_BUDGET },
  { name: "GET /api/stats", path: "/api/stats", budget: READ_BUDGET },
  { name: "GET /api/wishes/live-activity", path: "/api/wishes/live-activity", budget: READ_BUDGET },
  {
    name: "POST /api/wishes",
    path: "/api/wishes",
    method: "POST",
    // Each request is a new device so the daily limit of 5 per device is not what gets measured.
    setupRequest(request) {
      const device = freshDevice();
      return {
        ...request,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ wish: `May peace find every home, bench wish ${device}`, deviceFingerprint: device }),
      };
    },
  },
  {
    name: "POST /api/wishes/{id}/resonate",
    path: `/api/wishes/${wishId}/resonate`,
    method: "POST",
    // Each request is a new device, so every one is a real resonance (a repeat would answer alreadyResonated).
    setupRequest(request) {
      return { ...request, headers: { "content-type": "application/json" }, body: JSON.stringify({ deviceFingerprint: freshDevice() }) };
    },
  },
  { name: "GET / (home page)", path: "/", budget: HOME_BUDGET },
];

function run(url, target, rate) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}${target.path}`,
        method: target.method ?? "GET",
        connections: CONNECTIONS,
        duration: SECONDS,
        timeout: TIMEOUT_SECONDS,
        ...(rate ? { overallRate: rate } : {}),
        ...(target.setupRequest ? { requests: [{ method: target.method, setupRequest: target.setupRequest }] } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** 409 and 429 are the API's refusals (already done, limits): expected answers, counted apart from errors. */
const REFUSALS = new Set(["409", "429"]);

function summary(r) {
  const codes = Object.entries(r.statusCodeStats ?? {});
  const count = (keep) => codes.filter(([code]) => keep(code)).reduce((sum, [, stat]) => sum + stat.count, 0);
  const refusals = count((code) => REFUSALS.has(code));
  const failures = count((code) => !code.startsWith("2") && !REFUSALS.has(code));
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    errors: r.errors + r.timeouts + failures,
    refusals,
    total: r.requests.total,
  };
}

/** "pass", or "fail" with the budgets missed. */
function verdict(row, floor) {
  const { budget } = row;
  if (!budget) return "–";
  const missed = [];
  if (budget.p50 && row.paced.total === 0) missed.push(`no answer at ${RATE}/s`);
  if (budget.p50 && !(row.paced.p50 <= budget.p50 * floor.paced.p50)) missed.push(`p50 > ${budget.p50}×`);
  if (budget.p99 && !(row.paced.p99 <= budget.p99 * floor.paced.p99)) missed.push(`p99 > ${budget.p99}×`);
  if (budget.p50 && row.paced.errors > 0) missed.push("errors");
  if (!(row.saturated.rps >= budget.share * floor.saturated.rps)) missed.push(`req/s < ${budget.share * 100}%`);
  return missed.length === 0 ? "pass" : `**fail** (${missed.join(", ")})`;
}

const VARS = { IP_DAILY_WISH_LIMIT: "100000000" };

async function firstWishId(url) {
  const wall = await (await fetch(`${url}/api/wishes/wall?page=1&pageSize=1`)).json();
  const wishId = wall.wishes?.[0]?.id;
  if (!wishId) throw new Error("The seeded database has no wish to resonate with.");
  return wishId;
}

async function isUp(url) {
  try {
    return (await fetch(`${url}/api/infrastructure/health`, { signal: AbortSignal.timeout(15_000) })).ok;
  } catch {
    return false;
  }
}

let server = await benchServer({ vars: VARS });
const loadBefore = loadavg()[0];
const restarts = [];
try {
  const wishId = await firstWishId(server.url);
  const measure = async (target) => {
    await run(server.url, target, 20).catch(() => undefined); // warm-up: JIT, D1 pages, Remix modules
    const paced = summary(await run(server.url, target, RATE));
    const saturated = summary(await run(server.url, target, 0));
    console.log(
      `${target.name}: p50 ${paced.p50} ms, p99 ${paced.p99} ms, ${paced.total} answers, ${paced.errors} errors at ${RATE}/s; ` +
        `${saturated.rps.toFixed(0)} req/s saturated, ${saturated.errors} errors`,
    );
    return { ...target, paced, saturated };
  };
  const rows = [];
  for (const planned of targets(wishId)) {
    // `wrangler dev` has been seen to exit under this load; a row after that would only count refused connections.
    if (!(await isUp(server.url))) {
      restarts.push(rows.at(-1)?.name ?? "the start");
      console.log(`The server stopped answering after ${restarts.at(-1)}; starting a new one.`);
      server.stop();
      server = await benchServer({ vars: VARS, skipBuild: true });
    }
    const target = planned.setupRequest && planned.path.includes("/resonate")
      ? { ...planned, path: `/api/wishes/${await firstWishId(server.url)}/resonate` }
      : planned;
    const floor = await measure(FLOOR);
    rows.push({ ...(await measure(target)), floor });
  }
  const exitedInLastRow = !(await isUp(server.url));
  if (exitedInLastRow) restarts.push(rows.at(-1).name);
  const loadAfter = loadavg()[0];
  const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : "n/a");
  // A route slower than the phase at 100/s completes nothing in it: say so instead of printing 0 ms.
  const latency = (s, value) => (s.total === 0 ? `none in ${SECONDS} s` : ms(value));
  const latencyRatio = (s, value, floorValue) => (s.total === 0 ? "n/a" : ratio(value, floorValue));
  const errors = (s) => `${s.errors}${s.refusals ? ` (+${s.refusals} refused)` : ""}`;
  const table = [
    `| route | p50 @${RATE}/s | p99 @${RATE}/s | p50 ÷ floor | p99 ÷ floor | errors @${RATE}/s | req/s saturated | ÷ floor req/s | errors saturated | floor just before: p50, p99, req/s | DESIGN §8 |`,
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      ({ floor, ...r }) =>
        `| ${r.name} | ${latency(r.paced, r.paced.p50)} | ${latency(r.paced, r.paced.p99)} | ${latencyRatio(r.paced, r.paced.p50, floor.paced.p50)} | ${latencyRatio(r.paced, r.paced.p99, floor.paced.p99)} | ${errors(r.paced)} | ${r.saturated.rps.toFixed(0)} | ${(r.saturated.rps / floor.saturated.rps * 100).toFixed(0)}% | ${errors(r.saturated)} | ${ms(floor.paced.p50)}, ${ms(floor.paced.p99)}, ${floor.saturated.rps.toFixed(0)} (${floor.paced.errors + floor.saturated.errors} errors) | ${verdict(r, floor)} |`,
    ),
  ];
  writeSection(
    "load",
    [
      `### HTTP load (${today()})`,
      "",
      `Command: \`npm run bench:load\` (autocannon, ${CONNECTIONS} connections, ${SECONDS} s per phase, ${TIMEOUT_SECONDS} s timeout, loopback, \`wrangler dev\` on the built Worker with a seeded D1). Machine: ${machine()}; 1-minute load average ${loadBefore.toFixed(1)} at the start and ${loadAfter.toFixed(1)} at the end${loadBefore >= 1 ? " (the machine was already busy with other work when the run started)" : ""}.`,
      `Each route's ratios are against the static floor measured right before it. DESIGN §8 targets: wall, stats, live activity p50 ≤ 2× and p99 ≤ 3× the static floor at ${RATE}/s with zero errors; at saturation ≥ 50% of the floor's req/s (home ≥ 40%). Writes carry no budget; 409 and 429 answers are counted as refusals, not errors. Every POST comes from a new device.`,
      ...(restarts.length
        ? [`\`wrangler dev\` exited during the run, during or right after: ${restarts.join("; ")} (errors in such a row are refused connections)${exitedInLastRow && restarts.length === 1 ? "" : "; a new server with a new seeded D1 was started for the rows that followed"}.`]
        : []),
      "",
      ...table,
    ].join("\n"),
  );
} finally {
  server.stop();
}
