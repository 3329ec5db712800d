// Issue 31's attacks, replayed on loopback against `wrangler dev` on the built Worker, with many simulated networks
// (each a CF-Connecting-IP of its own): who wins the bell against 3 and 6 attacking networks, what a few networks can
// hide or boost, how many mails one address receives, and how many D1 rows one network writes in a minute.
// Bounded: every phase sends a fixed number of requests or runs for a fixed time (at most 24 s), loopback only.
// The bell runs ten times faster than deployed (shared cooldown 2 s instead of 20, the per-network one 12 s instead of
// 120), same ratios, so a phase of 24 s is four minutes of bell time.
// Usage: npm run bench:abuse   (BENCH_BEFORE=file.json merges a run of the code before issue 31 into the table;
// BENCH_OUT=file.json writes this run's figures; BENCH_WRITE=0 leaves bench/README.md alone)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate, queryLocal, startServer, stopServer } from "../scripts/lib/wrangler.mjs";
import { freePort } from "./lib/server.mjs";
import { today, writeSection } from "./lib/report.mjs";
import { bellRaceReported } from "./lib/bell-race.mjs";
import { floodsSection } from "./lib/abuse-floods.mjs";

const PHASE_MS = 24_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let serial = 0;
const device = () => `abuse_${process.pid}_${(serial += 1)}_padding`;
/** Network number n as an IPv4 address, and /64 number line inside /48 number site. */
const v4 = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const v6 = (site, line) => `2001:db8:${site.toString(16)}:${line.toString(16)}::1`;

let base = "";
/** Requests that got no answer at all (a dropped connection): reported, never hidden. */
let failures = 0;
let persistDir = "";

async function post(path, body, ip, form = false) {
  const headers = { "CF-Connecting-IP": ip, Origin: base };
  headers["Content-Type"] = form ? "application/x-www-form-urlencoded" : "application/json";
  let response;
  try {
    response = await fetch(`${base}${path}`, { method: "POST", headers, body: form ? new URLSearchParams(body) : JSON.stringify(body), redirect: "manual" });
  } catch {
    failures += 1;
    return { status: 0, json: {} };
  }
  const text = await response.text();
  let json = {};
  try {
    json = JSON.parse(text);
  } catch {
    // A page, not JSON.
  }
  return { status: response.status, json };
}

const wish = (text, ip, extra = {}) => post("/api/wishes", { wish: text, deviceFingerprint: device(), ...extra }, ip);
const count = (sql) => queryLocal(sql, persistDir)[0].n;

/** k attacking networks each keep a wish pending and ring for it the moment they can; one visitor presses once a second. */
async function bellPhase(k, firstNetwork) {
  await sleep(2500); // the previous phase's cooldown
  const stop = Date.now() + PHASE_MS;
  const visitorIp = v4(firstNetwork);
  const visitorWish = (await wish("May the visitor's quiet street stay calm tonight", visitorIp)).json.wishId;
  let visitorRungAt = null;
  const started = Date.now();
  const rings = { attackers: 0, visitor: 0 };
  const seen = (answer) => {
    if (answer.status === 200 && visitorRungAt === null && answer.json.data?.batches?.[0]?.wishIds?.includes(visitorWish)) visitorRungAt = Date.now() - started;
  };
  const attacker = async (ip) => {
    const fingerprint = device();
    // Text without the address in it: moderation refuses digit runs that look like phone numbers.
    const own0 = await post("/api/wishes", { wish: "May the attacker keep its own bell ringing", deviceFingerprint: fingerprint }, ip);
    if (own0.status !== 201) throw new Error(`attacker wish refused: ${own0.status} ${JSON.stringify(own0.json)}`);
    let own = own0.json.wishId;
    while (Date.now() < stop) {
      const answer = await post("/api/bell/ring", { wishIds: [own], deviceFingerprint: fingerprint }, ip);
      seen(answer);
      if (answer.status === 200) {
        rings.attackers += 1;
        own = (await post("/api/wishes", { wish: "May the attacker keep its own bell ringing again", deviceFingerprint: fingerprint }, ip)).json.wishId;
      } else if (answer.status === 429 && answer.json.code === "rate_limited") break;
      await sleep(100);
    }
  };
  const visitor = async () => {
    while (Date.now() < stop) {
      const answer = await post("/api/bell/ring", { wishIds: [visitorWish], deviceFingerprint: device() }, visitorIp);
      seen(answer);
      if (answer.status === 200) rings.visitor += 1;
      await sleep(1000);
    }
  };
  await Promise.all([visitor(), ...Array.from({ length: k }, (_, i) => attacker(v4(firstNetwork + 1 + i)))]);
  return { ...rings, visitorWishRungAfterS: visitorRungAt === null ? null : Math.round(visitorRungAt / 100) / 10 };
}

/** Networks seen by the site a moment ago (one resonance each) report one wish: is it hidden? */
async function hidePhase(networks, firstNetwork) {
  const target = (await wish("May the lighthouse on the point keep shining", v4(firstNetwork))).json.wishId;
  const other = (await wish("May every ferry find its harbour tonight", v4(firstNetwork + 1))).json.wishId;
  for (let i = 0; i < networks; i += 1) {
    const ip = v4(firstNetwork + 2 + i);
    await post(`/api/wishes/${other}/resonate`, { deviceFingerprint: device() }, ip);
    await post(`/api/wishes/${target}/report`, { deviceFingerprint: device(), reason: "bench" }, ip);
  }
  return (await fetch(`${base}/api/wishes/${target}`)).status === 404;
}

/** 40 /64s of one /48 resonate with a fresh wish: its count. */
async function boostPhase(site) {
  const target = (await wish("May the new wish be judged on its own words", v4(900_000))).json.wishId;
  for (let line = 0; line < 40; line += 1) await post(`/api/wishes/${target}/resonate`, { deviceFingerprint: device() }, v6(site, line));
  const page = await (await fetch(`${base}/api/wishes/${target}`)).json();
  return page.resonanceCount;
}

/** Mails one address receives: 40 concurrent friend mails from 40 networks, then 20 newsletter sign-ups. */
async function mailPhase(firstNetwork) {
  const address = `victim-${process.pid}-${Date.now()}@example.org`;
  await Promise.all(Array.from({ length: 40 }, (_, i) => post("/api/send-wish-to-friend", { wish: "May peace find you", friendEmail: address }, v4(firstNetwork + i))));
  await Promise.all(Array.from({ length: 20 }, (_, i) => post("/newsletter", { email: address }, v4(firstNetwork + 100 + i), true)));
  const friend = count(`SELECT COUNT(*) AS n FROM outbox WHERE lower(to_address) = '${address}' AND kind = 'friend-wish'`);
  const letters = count(`SELECT COUNT(*) AS n FROM outbox WHERE lower(to_address) = '${address}' AND kind = 'newsletter-confirm'`);
  return { friend, letters };
}

/** One network sends 400 resonances, four at a time, a new device each, over 20 wishes: D1 rows written a minute. */
async function rowsPhase(firstNetwork) {
  const ip = v4(firstNetwork);
  const targets = [];
  for (let i = 0; i < 20; i += 1) targets.push((await wish(`May the valley number ${i} stay green and calm`, v4(firstNetwork + 1 + i))).json.wishId);
  const before = count("SELECT (SELECT COUNT(*) FROM resonances) + (SELECT COUNT(*) FROM rate_limits) AS n");
  const started = Date.now();
  let sent = 0;
  const worker = async () => {
    while (sent < 400) {
      sent += 1;
      await post(`/api/wishes/${targets[sent % targets.length]}/resonate`, { deviceFingerprint: device() }, ip);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const elapsed = Date.now() - started;
  const after = count("SELECT (SELECT COUNT(*) FROM resonances) + (SELECT COUNT(*) FROM rate_limits) AS n");
  return { requests: sent, seconds: Math.round(elapsed / 100) / 10, rows: after - before, rowsPerMinute: Math.round(((after - before) * 60_000) / elapsed) };
}

async function main() {
  persistDir = mkdtempSync(join(tmpdir(), "quantum-bell-abuse-"));
  migrate(persistDir);
  const port = await freePort();
  // The request-rate guard on rings is lifted in both runs so that the fairness rules themselves are measured.
  const vars = { RING_COOLDOWN_SECONDS: "2", RING_NETWORK_COOLDOWN_SECONDS: "12", RING_NETWORK_HOURLY_LIMIT: "100000" };
  const server = startServer({ port, persistTo: persistDir, vars });
  try {
    await server.ready;
    base = `http://127.0.0.1:${port}`;
    const figures = {
      commit: process.env.BENCH_LABEL ?? "this checkout",
      bell3: await bellPhase(3, 1000),
      bell6: await bellPhase(6, 2000),
      hiddenBy3NewNetworks: await hidePhase(3, 3000),
      boostFrom40Slash64s: await boostPhase(0xabc),
      mails: await mailPhase(4000),
      rows: await rowsPhase(5000),
      floods: await floodsSection({ base, rows: () => count("SELECT COUNT(*) AS n FROM rate_limits") }),
    };
    figures.unanswered = failures;
    console.log(JSON.stringify(figures, null, 2));
    if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, JSON.stringify(figures, null, 2));
    if (process.env.BENCH_WRITE !== "0") report(figures, process.env.BENCH_BEFORE ? JSON.parse(readFileSync(process.env.BENCH_BEFORE, "utf8")) : null);
  } finally {
    stopServer(server.child);
    rmSync(persistDir, { recursive: true, force: true });
  }
}

function report(after, before) {
  const cell = (run, pick) => (run ? String(pick(run)) : "—");
  const rows = [
    ["rings in 24 s (4 bell-minutes), 3 attacking networks: attackers / visitor", (r) => `${r.bell3.attackers} / ${r.bell3.visitor}`],
    ["visitor's wish rung after (s), 3 attackers", (r) => r.bell3.visitorWishRungAfterS ?? "never"],
    ["rings in 24 s, 6 attacking networks: attackers / visitor", (r) => `${r.bell6.attackers} / ${r.bell6.visitor}`],
    ["visitor's wish rung after (s), 6 attackers", (r) => r.bell6.visitorWishRungAfterS ?? "never"],
    ["a wish hidden by 3 networks seen a moment ago", (r) => (r.hiddenBy3NewNetworks ? "yes" : "no")],
    ["resonance count from 40 /64s of one /48", (r) => r.boostFrom40Slash64s],
    ["friend mails queued to one address (40 concurrent, 40 networks)", (r) => r.mails.friend],
    ["newsletter letters to one address (20 sign-ups)", (r) => r.mails.letters],
    ["D1 rows written per minute by one network (resonating)", (r) => r.rows.rowsPerMinute],
  ];
  const table = [
    `### Abuse replay (${today()}, issue 31)`,
    "",
    "Command: `npm run bench:abuse` (loopback, `wrangler dev`, bell ten times faster: cooldowns 2 s shared and 12 s per",
    "network). Before: the same script on the code before issue 31 (`BENCH_BEFORE`).",
    "",
    `| measure | before${before ? ` (${before.commit})` : ""} | after (${after.commit}) |`,
    "|---|---|---|",
    ...rows.map(([label, pick]) => `| ${label} | ${cell(before, pick)} | ${cell(after, pick)} |`),
  ].join("\n");
  writeSection("abuse", table);
  console.log(table);
}

await main();
await bellRaceReported(); // the race for the bell against 3, 6 and 30 scripted networks (issue 46)
