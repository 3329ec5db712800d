// One ring fanned out to N sockets (default 1,000) through the BellRoom, beside a plain Node `ws` broadcast server
// started by this same script as the baseline, and a bare Durable Object on the same runtime that only broadcasts
// (bench/fixtures/bare-room) as the runtime's own floor. Arrival = time from the trigger request to each socket's message.
// Usage: npm run bench:ws   (BENCH_SOCKETS=1000, BENCH_ROUNDS=5; BENCH_URL to target a running server)
import { createServer } from "node:http";
import { WebSocketServer } from "ws";
import { benchFixture, benchServer, freePort, machine } from "./lib/server.mjs";
import { ms, today, writeSection } from "./lib/report.mjs";
import { percentile } from "./lib/stats.mjs";
import { openSockets, presenceCounted } from "./lib/sockets.mjs";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** The room's cooldown between rings (DESIGN §4), plus a margin. */
const COOLDOWN_WAIT_MS = 21_000;


/** Resolves with each socket's arrival time (ms after `trigger` started) of the first message that `matches`. */
async function measure(sockets, matches, trigger, timeoutMs = 30_000) {
  const arrivals = new Array(sockets.length).fill(null);
  let start = 0;
  const done = new Promise((resolve, reject) => {
    let received = 0;
    const timer = setTimeout(() => reject(new Error(`only ${received}/${sockets.length} sockets received the message`)), timeoutMs);
    sockets.forEach((ws, i) =>
      ws.on("message", (data) => {
        if (arrivals[i] !== null || !matches(String(data))) return;
        arrivals[i] = performance.now() - start;
        received += 1;
        if (received === sockets.length) {
          clearTimeout(timer);
          resolve();
        }
      }),
    );
  });
  start = performance.now();
  await trigger();
  await done;
  const sorted = arrivals.sort((a, b) => a - b);
  // The spread (each arrival after the first) is the fan-out itself: what the trigger did before sending is not in it.
  const spread = sorted.map((arrival) => arrival - sorted[0]);
  return {
    first: sorted[0],
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
    spreadP50: percentile(spread, 50),
    spreadP99: percentile(spread, 99),
  };
}

async function baseline() {
  const port = await freePort();
  const http = createServer();
  const wss = new WebSocketServer({ server: http });
  http.on("request", (req, res) => {
    const frame = JSON.stringify({ type: "bell-rung", ringId: "baseline", virtual: false, wishIds: [], pendingLeft: 0 });
    for (const client of wss.clients) client.send(frame);
    res.end("ok");
  });
  await new Promise((resolve) => http.listen(port, "127.0.0.1", resolve));
  const sockets = await openSockets(`ws://127.0.0.1:${port}/`, SOCKETS);
  const result = await measure(sockets, (d) => d.includes('"bell-rung"'), () => fetch(`http://127.0.0.1:${port}/ring`, { method: "POST" }));
  sockets.forEach((ws) => ws.terminate());
  wss.close();
  http.close();
  return result;
}

/** The bare Durable Object: no cooldown, so it is rung every round without waiting. */
async function bareRoom(url) {
  const sockets = await openSockets(`${url.replace(/^http/, "ws")}/ws`, SOCKETS);
  await presenceCounted(sockets);
  const result = await measure(sockets, (d) => d.includes('"bell-rung"'), async () => {
    const response = await fetch(`${url}/ring`, { method: "POST" });
    if (!response.ok) throw new Error(`bare ring failed: ${response.status}`);
  });
  sockets.forEach((ws) => ws.terminate());
  return result;
}

let rings = 0;

async function bellRoom(url) {
  rings += 1;
  // One device per ring: a device may only have so many wishes a day.
  const fingerprint = `bench_ws_${process.pid}_device_${rings}`;
  const submitted = await fetch(`${url}/api/wishes`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ wish: "May the bell carry this wish to a thousand listeners", deviceFingerprint: fingerprint }),
  });
  if (!submitted.ok) throw new Error(`could not submit a wish: ${submitted.status} ${await submitted.text()}`);
  const { wishId } = await submitted.json();
  const wsUrl = `${url.replace(/^http/, "ws")}/ws`;
  const sockets = await openSockets(wsUrl, SOCKETS, { headers: { Origin: url } });
  await presenceCounted(sockets);
  const result = await measure(
    sockets,
    (d) => d.includes('"bell-rung"'),
    async () => {
      const response = await fetch(`${url}/api/bell/ring`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ wishIds: [wishId], deviceFingerprint: fingerprint }),
      });
      if (!response.ok) throw new Error(`ring failed: ${response.status} ${await response.text()}`);
    },
  );
  sockets.forEach((ws) => ws.terminate());
  return result;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const PLAIN = "plain Node `ws` broadcast";
const BARE = "bare Durable Object broadcast (same runtime, no ring)";

const server = await benchServer();
const fixture = await benchFixture("bench/fixtures/bare-room/wrangler.toml").catch((error) => {
  server.stop();
  throw error;
});
try {
  // The Worker's own socket, behind `wrangler dev`'s proxy; a BENCH_URL server has no known inner socket.
  const direct = server.directUrl ? await server.directUrl() : null;
  const paths = [
    ["BellRoom through `wrangler dev`'s proxy", server.url],
    ...(direct ? [["BellRoom at the Worker's own socket", direct]] : []),
  ];
  const bareUrl = (await fixture.directUrl()) ?? fixture.url;
  const results = new Map([[PLAIN, []], [BARE, []], ...paths.map(([name]) => [name, []])]);
  for (let round = 1; round <= ROUNDS; round++) {
    const plain = await baseline();
    results.get(PLAIN).push(plain);
    console.log(`round ${round}: plain ws p50 ${plain.p50.toFixed(1)} ms, p99 ${plain.p99.toFixed(1)} ms`);
    const bare = await bareRoom(bareUrl);
    results.get(BARE).push(bare);
    console.log(`round ${round}: bare Durable Object p50 ${bare.p50.toFixed(1)} ms, p99 ${bare.p99.toFixed(1)} ms`);
    for (const [name, url] of paths) {
      if (rings > 0) await sleep(COOLDOWN_WAIT_MS);
      const room = await bellRoom(url);
      results.get(name).push(room);
      console.log(`round ${round}: ${name}: first ${room.first.toFixed(1)} ms, p50 ${room.p50.toFixed(1)} ms, p99 ${room.p99.toFixed(1)} ms`);
    }
  }
  const plainP99 = median(results.get(PLAIN).map((r) => r.p99));
  const verdict = (name, runs) => {
    if (name === PLAIN) return "baseline";
    if (name === BARE) return "reference (the runtime's floor)";
    const p99 = median(runs.map((r) => r.p99));
    return p99 <= plainP99 && p99 < 250 ? "pass" : `fail (${p99 > plainP99 ? "above the plain server's p99" : "not < 250 ms"})`;
  };
  writeSection(
    "ws",
    [
      `### WebSocket fan-out (${today()})`,
      "",
      `Command: \`npm run bench:ws\` (${SOCKETS} sockets on loopback, one ring per server and round, ${ROUNDS} rounds; each cell is the median over the rounds). Machine: ${machine()}.`,
      "Arrival is measured from the moment the trigger request is sent to each socket's `bell-rung` message, so the BellRoom's",
      "figure includes the whole ring (cooldown, credits, the D1 batch that claims the wishes), while the baseline, a plain",
      "Node `ws` server broadcasting on an HTTP request started by the same script, does no work first.",
      "The bare Durable Object (`bench/fixtures/bare-room`, its own `wrangler dev`, measured at its own socket) has the",
      "BellRoom's hibernating sockets and frame shape but no ring behind its broadcast: the runtime's own fan-out, for",
      "telling what the ring adds from what workerd costs.",
      "The fan-out columns measure from the first socket's arrival to each other socket's: the cost of the broadcast itself.",
      "`wrangler dev` serves the Worker through a proxy of its own, a second workerd process that every frame crosses; the",
      "deployed Worker has none. The BellRoom is measured both ways: through that proxy (what `npm start` gives a browser)",
      "and at the Worker's own socket (the inner workerd's port, found by `bench/lib/server.mjs`), as production serves it.",
      "The ring waits until the room's presence message for the joins has reached the sockets. The clients offer no",
      "per-message deflate. The plain server and this Worker (`no_web_socket_compression`) decline it; only `wrangler dev`'s",
      "own proxy would accept it and compress every frame once per socket.",
      "DESIGN §8 target: p99 no worse than the plain broadcaster's and < 250 ms.",
      "",
      "| server | first arrival | p50 | p99 | max | fan-out p50 | fan-out p99 | p99 of each round | DESIGN §8 |",
      "|---|---|---|---|---|---|---|---|---|",
      ...[...results].map(([name, runs]) => {
        const cell = (key) => ms(median(runs.map((r) => r[key])));
        return `| ${name} | ${cell("first")} | ${cell("p50")} | ${cell("p99")} | ${cell("max")} | ${cell("spreadP50")} | ${cell("spreadP99")} | ${runs.map((r) => ms(r.p99)).join(", ")} | ${verdict(name, runs)} |`;
      }),
    ].join("\n"),
  );
} finally {
  fixture.stop();
  server.stop();
}
