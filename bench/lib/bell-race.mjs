// The race for the bell (issue 46, point 7; ADR 0101): k scripted networks press the instant the shared cooldown ends,
// and a visitor presses 0.5–1.5 s later. Who rings? Against 3, 6 and 30 scripted networks, on `wrangler dev` on the
// built Worker, loopback only: every request goes to 127.0.0.1, and each network is a CF-Connecting-IP of its own in
// 127.0.0.0/8, the header the local site trusts as the client's address. Bounded: a fixed number of bell cycles per
// scenario (the scripts alone for k cycles, so each has rung once as in a running attack, then CYCLES with the
// visitor), each at most a cooldown plus the draw's window plus the requests' time; the server is stopped at the end.
// The shared cooldown is 4 s instead of 20 and the per-network one 24 s instead of 120 (the same ratio); the visitor's
// delay and the 2 s draw window are real seconds.
// Usage: npm run bench:bell-race (BENCH_BEFORE=file.json merges a run of the code before ADR 0101 into the table,
// BENCH_OUT=file.json writes this run's figures, BENCH_WRITE=0 leaves bench/README.md alone), or from bench/abuse.mjs.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrate, startServer, stopServer } from "../../scripts/lib/wrangler.mjs";
import { today, writeSection } from "./report.mjs";
import { freePort } from "./server.mjs";

const COOLDOWN_S = 4;
const VARS = { RING_COOLDOWN_SECONDS: String(COOLDOWN_S), RING_NETWORK_COOLDOWN_SECONDS: String(COOLDOWN_S * 6), RING_NETWORK_HOURLY_LIMIT: "100000" };
const SCRIPTED = [3, 6, 30];
const CYCLES = 10;
const VISITOR_DELAY_MS = [500, 1500];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Network n of a block, as a loopback address: 127.block.(n >> 8).(n & 255). */
const loopback = (block, n) => `127.${block}.${(n >> 8) & 255}.${n & 255}`;

/** The time a ring was made, read from its id (a ULID made at the claim, the room's own clock for the cooldown). */
function ringTime(ringId) {
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  return [...ringId.slice(0, 10).toUpperCase()].reduce((time, char) => time * 32 + alphabet.indexOf(char), 0);
}

let serial = 0;
const device = () => `race_${process.pid}_${(serial += 1)}_padding`;

function client(base) {
  const post = async (path, body, ip) => {
    try {
      const response = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "CF-Connecting-IP": ip, Origin: base, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const json = await response.json().catch(() => ({}));
      return { status: response.status, json };
    } catch {
      return { status: 0, json: {} };
    }
  };
  let filler = 0;
  return {
    ring: (ip) => post("/api/bell/ring", { deviceFingerprint: device() }, ip),
    /** Five wishes from five networks of their own, so every ring has a batch to take. */
    topUp: () =>
      Promise.all(
        Array.from({ length: 5 }, () =>
          post("/api/wishes", { wish: "May the harbour lights stay lit for everyone tonight", deviceFingerprint: device() }, loopback(250, (filler += 1))),
        ),
      ),
  };
}

/**
 * One scenario: k scripted networks (block `block`) press together the moment the cooldown ends; from the (k+1)th
 * cycle on, a visitor from a network that never rang (a new person each time) presses 0.5–1.5 s later.
 */
async function scenario(api, k, block) {
  const scripts = Array.from({ length: k }, (_, i) => loopback(block, i + 1));
  let visitors = 0;
  const result = { scripted: k, cycles: CYCLES, visitor: 0, scripts: 0, none: 0 };
  // The bell is free at first: one ring from the first script starts the clock.
  let endsAt = Date.now();
  for (let cycle = 0; cycle < k + CYCLES; cycle += 1) {
    const measured = cycle >= k;
    await api.topUp();
    await sleep(Math.max(0, endsAt - Date.now()));
    const press = (who, ip) => api.ring(ip).then((answer) => ({ who, answer }));
    const presses = scripts.map((ip) => press("script", ip));
    if (measured) {
      const delay = VISITOR_DELAY_MS[0] + Math.random() * (VISITOR_DELAY_MS[1] - VISITOR_DELAY_MS[0]);
      const ip = loopback(block + 100, (visitors += 1));
      presses.push(sleep(delay).then(() => press("visitor", ip)));
    }
    const answers = await Promise.all(presses);
    const rang = answers.find(({ answer }) => answer.status === 200);
    // The next cooldown ends COOLDOWN_S after the ring was made (its id says when); a cycle with no ring leaves the
    // bell free.
    endsAt = rang ? ringTime(rang.answer.json.bellRingId) + COOLDOWN_S * 1000 : Date.now();
    if (!measured) continue;
    if (!rang) result.none += 1;
    else if (rang.who === "visitor") result.visitor += 1;
    else result.scripts += 1;
  }
  return result;
}

/** Starts a site of its own, runs the three scenarios, stops it. */
export async function bellRace({ label = process.env.BENCH_LABEL ?? "this checkout" } = {}) {
  const persistDir = mkdtempSync(join(tmpdir(), "quantum-bell-race-"));
  migrate(persistDir);
  const port = await freePort();
  const server = startServer({ port, persistTo: persistDir, vars: VARS });
  try {
    await server.ready;
    const api = client(`http://127.0.0.1:${port}`);
    const figures = { commit: label };
    for (const [index, k] of SCRIPTED.entries()) figures[`scripted${k}`] = await scenario(api, k, 10 + index * 10);
    return figures;
  } finally {
    stopServer(server.child);
    rmSync(persistDir, { recursive: true, force: true });
  }
}

export function reportBellRace(after, before = null) {
  const cell = (run, k) => {
    const figures = run?.[`scripted${k}`];
    return figures ? `${figures.visitor} of ${figures.cycles} (scripts ${figures.scripts}, none ${figures.none})` : "—";
  };
  const table = [
    `### The race for the bell (${today()}, issue 46, ADR 0101)`,
    "",
    "Command: `npm run bench:bell-race` (also run by `npm run bench:abuse`): loopback, `wrangler dev` on the build;",
    "k scripted networks press the instant the shared cooldown ends, a visitor from a network that has not rung presses",
    "0.5–1.5 s later; rings won by the visitor over 10 cycles, after k cycles of the scripts alone (each has rung once,",
    "as in a running attack). Cooldowns 4 s shared and 24 s per network (the deployed 20 s and 120 s, five times",
    "faster); the visitor's delay and the 2 s draw window are real seconds. Before: the same script on the code before",
    "ADR 0101 (`BENCH_BEFORE`).",
    "",
    `| scripted networks | visitor's rings, before${before ? ` (${before.commit})` : ""} | after (${after.commit}) |`,
    "|---|---|---|",
    ...SCRIPTED.map((k) => `| ${k} | ${cell(before, k)} | ${cell(after, k)} |`),
  ].join("\n");
  writeSection("bell-race", table);
  console.log(table);
}

/** bench/abuse.mjs's one call: the race, its table in bench/README.md unless BENCH_WRITE=0. */
export async function bellRaceReported() {
  const figures = await bellRace();
  if (process.env.BENCH_WRITE !== "0") reportBellRace(figures);
  return figures;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = await bellRace();
  console.log(JSON.stringify(figures, null, 2));
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, JSON.stringify(figures, null, 2));
  if (process.env.BENCH_WRITE !== "0") reportBellRace(figures, process.env.BENCH_BEFORE ? JSON.parse(readFileSync(process.env.BENCH_BEFORE, "utf8")) : null);
}
