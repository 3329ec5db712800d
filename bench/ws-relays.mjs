// One ring to N sockets (default 10,000) held by one relay object, then spread over S relays (issue 23): the arrival
// of the ring at the sockets, and each relay's own time to send it. Each configuration gets its own `wrangler dev`
// with RELAY_COUNT=S, RELAY_BY=random (locally every request says colo DFW, which would put every socket on one
// relay) and RELAY_TIMING_LOG=1 (each relay writes how long each publish took; read from the output).
// Usage: npm run bench:ws:relays   (BENCH_SOCKETS=10000, BENCH_RELAYS=1,2,4,8, BENCH_ROUNDS=3)
import { benchServer, machine } from "./lib/server.mjs";
import { ms, today, writeSection } from "./lib/report.mjs";
import { percentile } from "./lib/stats.mjs";
import { openSockets, presenceCounted } from "./lib/sockets.mjs";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const RELAYS = (process.env.BENCH_RELAYS ?? "1,2,4,8").split(",").map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The room's cooldown between rings (DESIGN §4), plus a margin. */
const COOLDOWN_WAIT_MS = 21_000;
/** RELAY_TIMING_MARK of workers/bell-relay.ts. */
const TIMING_LINE = /\[relay\] (relay-\d+) bell-rung (\d+) sockets ([\d.]+) ms/g;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

async function ringOnce(url, sockets, round) {
  const fingerprint = `bench_relays_${process.pid}_${round}_${Math.random().toString(36).slice(2)}`;
  const post = async (path, body) => {
    const response = await fetch(`${url}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: url }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const { wishId } = await post("/api/wishes", { wish: "May ten thousand listeners hear one bell", deviceFingerprint: fingerprint });
  const arrivals = new Array(sockets.length).fill(null);
  let received = 0;
  let start = 0;
  const done = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${received}/${sockets.length} sockets heard the ring`)), 60_000);
    sockets.forEach((ws, i) => {
      const listener = (data) => {
        if (arrivals[i] !== null || !String(data).includes('"bell-rung"')) return;
        arrivals[i] = performance.now() - start;
        ws.off("message", listener);
        received += 1;
        if (received === sockets.length) {
          clearTimeout(timer);
          resolve();
        }
      };
      ws.on("message", listener);
    });
  });
  start = performance.now();
  await post("/api/bell/ring", { wishIds: [wishId], deviceFingerprint: fingerprint });
  await done;
  const sorted = arrivals.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) };
}

async function measure(relays) {
  const server = await benchServer({ vars: { RELAY_COUNT: String(relays), RELAY_BY: "random", RELAY_TIMING_LOG: "1" }, skipBuild: relays !== RELAYS[0] || process.env.BENCH_SKIP_BUILD === "1" });
  try {
    // The Worker's own socket: `wrangler dev`'s proxy would add a second process every frame crosses.
    const url = (await server.directUrl()) ?? server.url;
    const sockets = await openSockets(`${url.replace(/^http/, "ws")}/ws`, SOCKETS, { headers: { Origin: url }, batch: 200 });
    // Relays report at most twice a second and the room announces at most once a second.
    await presenceCounted(sockets, { timeoutMs: 60_000, drainMs: 2_000 });
    const rounds = [];
    for (let round = 1; round <= ROUNDS; round++) {
      if (round > 1) await sleep(COOLDOWN_WAIT_MS);
      const logFrom = server.output().length;
      const arrival = await ringOnce(url, sockets, round);
      // Each relay's line for this ring's bell-rung.
      await sleep(500);
      const lines = [...server.output().slice(logFrom).matchAll(TIMING_LINE)].map(([, name, count, took]) => ({ name, count: Number(count), ms: Number(took) }));
      if (lines.length !== relays) throw new Error(`expected ${relays} relay timings, read ${lines.length}`);
      const busiest = lines.reduce((a, b) => (b.ms > a.ms ? b : a));
      rounds.push({ ...arrival, busiestMs: busiest.ms, busiestSockets: Math.max(...lines.map((l) => l.count)), sumMs: lines.reduce((sum, l) => sum + l.ms, 0) });
      console.log(`S=${relays} round ${round}: p50 ${arrival.p50.toFixed(1)} ms, p99 ${arrival.p99.toFixed(1)} ms; relays ${lines.map((l) => `${l.name} ${l.count} in ${l.ms} ms`).join(", ")}`);
    }
    sockets.forEach((ws) => ws.terminate());
    return rounds;
  } finally {
    server.stop();
  }
}

const results = [];
for (const relays of RELAYS) results.push([relays, await measure(relays)]);
const one = median(results[0][1].map((r) => r.busiestMs));
writeSection(
  "ws-relays",
  [
    `### ${SOCKETS.toLocaleString("en")} sockets: one relay object against S (${today()})`,
    "",
    `Command: \`npm run bench:ws:relays\` (${SOCKETS.toLocaleString("en")} sockets on loopback at the Worker's own socket, RELAY_BY=random, ${ROUNDS} rings per configuration; each cell is the median over the rings). Machine: ${machine()}.`,
    "Arrival: from the ring request to each socket's `bell-rung`. Busiest relay: the longest any one relay spent in its",
    "send loop for that ring (RELAY_TIMING_LOG=1), with how many sockets it held. Locally every object shares one workerd",
    "thread on this 2-core machine, so the relays send one after another and the total (the sum column) cannot fall;",
    "deployed, each relay runs on its own thread, usually on another machine, so the arrival of the last socket follows",
    "the busiest relay, plus the room's one call to each.",
    "",
    "| relays (S) | arrival p50 | arrival p99 | busiest relay: time per broadcast | its sockets | vs one object | all relays' send time, summed |",
    "|---|---|---|---|---|---|---|",
    ...results.map(([relays, rounds]) => {
      const cell = (key) => median(rounds.map((r) => r[key]));
      return `| ${relays} | ${ms(cell("p50"))} | ${ms(cell("p99"))} | ${ms(cell("busiestMs"))} | ${cell("busiestSockets").toLocaleString("en")} | ${(cell("busiestMs") / one).toFixed(2)} × | ${ms(cell("sumMs"))} |`;
    }),
  ].join("\n"),
);
