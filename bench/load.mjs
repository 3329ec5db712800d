// HTTP load on `npm start`'s server (loopback): each API route beside a static asset of the same server as the
// floor, first at a fixed 100 requests/s over 20 connections, then at saturation. Figures go to bench/README.md.
// Usage: npm run bench:load   (BENCH_URL=http://127.0.0.1:5002 to target a running server; BENCH_SECONDS=10)
import autocannon from "autocannon";
import { benchServer, machine } from "./lib/server.mjs";
import { ms, today, writeSection } from "./lib/report.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const RATE = 100;

let serial = 0;
const targets = [
  { name: "static asset (floor)", path: "/favicon.svg" },
  { name: "GET /api/wishes/wall", path: "/api/wishes/wall?page=1&pageSize=6" },
  { name: "GET /api/stats", path: "/api/stats" },
  { name: "GET /api/wishes/live-activity", path: "/api/wishes/live-activity" },
  {
    name: "POST /api/wishes",
    path: "/api/wishes",
    method: "POST",
    // Each request is a new device so the daily limit of 5 per device is not what gets measured.
    setupRequest(request) {
      serial += 1;
      return {
        ...request,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ wish: `May peace find every home, bench wish ${serial}`, deviceFingerprint: `bench_${process.pid}_${serial}_padding` }),
      };
    },
  },
  { name: "GET / (home page)", path: "/" },
];

function run(url, target, rate) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}${target.path}`,
        method: target.method ?? "GET",
        connections: CONNECTIONS,
        duration: SECONDS,
        ...(rate ? { overallRate: rate } : {}),
        ...(target.setupRequest ? { requests: [{ method: target.method, setupRequest: target.setupRequest }] } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const summary = (r) => ({
  p50: r.latency.p50,
  p99: r.latency.p99,
  rps: r.requests.average,
  errors: r.errors + r.timeouts + (r.non2xx ?? 0),
  total: r.requests.total,
});

const server = await benchServer({ vars: { IP_DAILY_WISH_LIMIT: "100000000" } });
try {
  const rows = [];
  for (const target of targets) {
    await run(server.url, target, 20).catch(() => undefined); // warm-up: JIT, D1 pages, Remix modules
    const paced = summary(await run(server.url, target, RATE));
    const saturated = summary(await run(server.url, target, 0));
    rows.push({ ...target, paced, saturated });
    console.log(`${target.name}: p50 ${paced.p50} ms, p99 ${paced.p99} ms at ${RATE}/s; ${saturated.rps.toFixed(0)} req/s saturated`);
  }
  const floor = rows[0];
  const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : "n/a");
  const table = [
    `| route | p50 @${RATE}/s | p99 @${RATE}/s | p50 ÷ floor | p99 ÷ floor | errors @${RATE}/s | req/s saturated | ÷ floor req/s | errors saturated |`,
    "|---|---|---|---|---|---|---|---|---|",
    ...rows.map((r) =>
      r.paced.total === 0
        ? `| ${r.name} | no completed responses: autocannon counted none (open question, see bench notes) | | | | | | | |`
        : `| ${r.name} | ${ms(r.paced.p50)} | ${ms(r.paced.p99)} | ${ratio(r.paced.p50, floor.paced.p50)} | ${ratio(r.paced.p99, floor.paced.p99)} | ${r.paced.errors} | ${r.saturated.rps.toFixed(0)} | ${(r.saturated.rps / floor.saturated.rps * 100).toFixed(0)}% | ${r.saturated.errors} |`,
    ),
  ];
  writeSection(
    "load",
    [
      `### HTTP load (${today()})`,
      "",
      `Command: \`npm run bench:load\` (autocannon, ${CONNECTIONS} connections, ${SECONDS} s per phase, loopback, \`wrangler dev\` on the built Worker with a seeded D1). Machine: ${machine()}.`,
      `DESIGN §8 targets: wall, stats, live activity p50 ≤ 2× and p99 ≤ 3× the static floor at ${RATE}/s with zero errors; at saturation ≥ 50% of the floor's req/s (home ≥ 40%).`,
      "",
      ...table,
    ].join("\n"),
  );
} finally {
  server.stop();
}
