// What one message costs the server with N home pages open (issue 23): real Chromium pages on `/`, each with its
// socket open and its map loaded, then one wish submitted and one ring rung from outside them. Counted over a
// window after each: the D1 statements the Worker and its Durable Objects ran (D1_STATEMENT_LOG=1, every statement
// a log line) and the requests the pages made. An idle window first measures what the pages cost with no message.
// Usage: npm run bench:ws:pages   (BENCH_PAGES=100, BENCH_WINDOW_MS=12000)
// BENCH_SAVE=<file> writes the figures as JSON (how the "before" row of an older commit was taken: see bench/README.md).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { launchChromium } from "../scripts/lib/chromium.mjs";
import { benchServer, machine } from "./lib/server.mjs";
import { today, writeSection } from "./lib/report.mjs";

const PAGES = Number(process.env.BENCH_PAGES ?? 100);
/** Longer than anything a page does after a message: the 1–3 s resync, the map's debounce, a 10 s poll. */
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 12_000);
const OPEN_BATCH = 5;
const BEFORE_FILE = new URL("./ws-pages.before.json", import.meta.url);

/** STATEMENT_LOG_MARK of app/server/db/statement-log.server.ts, which starts each statement's line. */
const STATEMENT_MARK = "[d1] ";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The Worker's statements so far, as counted from `wrangler dev`'s output. */
const statementsIn = (output) => output.split("\n").filter((line) => line.includes(STATEMENT_MARK)).length;

async function openPages(browser, url) {
  const context = await browser.newContext({ baseURL: url, reducedMotion: "reduce", viewport: { width: 1280, height: 900 } });
  // Nothing leaves loopback (map tiles, fonts): a bench never reaches the internet.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort("blockedbyclient"));
  const requests = [];
  const listening = new Set();
  const pages = [];
  for (let i = 0; i < PAGES; i += OPEN_BATCH) {
    const batch = Array.from({ length: Math.min(OPEN_BATCH, PAGES - i) }, async (_, j) => {
      const page = await context.newPage();
      const n = i + j;
      page.on("websocket", (ws) => ws.on("framereceived", ({ payload }) => String(payload).includes('"presence"') && listening.add(n)));
      page.on("request", (request) => {
        const { origin, pathname } = new URL(request.url());
        if (origin === url && request.resourceType() !== "websocket") requests.push(pathname);
      });
      await page.goto("/");
      // Hydrated (the form's button waits for a wish), then the map scrolled into view, as a visitor who reads on.
      await page.locator("#wish-form button[type=submit]:disabled").waitFor();
      await page.getByRole("region", { name: "World map of wishes" }).scrollIntoViewIfNeeded();
      await page.locator(".leaflet-marker-icon").first().waitFor({ timeout: 60_000 });
      pages.push(page);
    });
    await Promise.all(batch);
  }
  return { context, requests, listening };
}

/** Counts statements and page requests over the window that follows `act`. */
async function measure(server, requests, act) {
  const statementsBefore = statementsIn(server.output());
  const requestsBefore = requests.length;
  await act();
  await sleep(WINDOW_MS);
  const asked = requests.slice(requestsBefore);
  const byPath = {};
  for (const path of asked) {
    const key = path.endsWith(".data") ? "route data (.data)" : path.startsWith("/api/") ? path : `other ${path}`;
    byPath[key] = (byPath[key] ?? 0) + 1;
  }
  if (process.env.BENCH_DEBUG) console.log(server.output().split("\n").filter((line) => line.includes(STATEMENT_MARK)).slice(statementsBefore).join("\n"));
  return { statements: statementsIn(server.output()) - statementsBefore, requests: asked.length, byPath };
}

async function post(url, path, body) {
  const response = await fetch(`${url}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: url }, body: JSON.stringify(body) });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

async function run() {
  const server = await benchServer({ vars: { D1_STATEMENT_LOG: "1" } });
  const browser = await launchChromium();
  try {
    const { requests, listening } = await openPages(browser, server.url);
    const deadline = Date.now() + 30_000;
    while (listening.size < PAGES && Date.now() < deadline) await sleep(200);
    if (listening.size < PAGES) throw new Error(`only ${listening.size}/${PAGES} pages heard the room`);
    console.log(`${PAGES} pages open, each with its socket and its map`);
    // Whatever the pages still do after loading (a first resync, late chunks) settles first.
    await sleep(WINDOW_MS);

    const idle = await measure(server, requests, async () => {});
    console.log("idle", idle);
    const fingerprint = `bench_pages_${process.pid}`;
    let wishId = "";
    const submission = await measure(server, requests, async () => {
      ({ wishId } = await post(server.url, "/api/wishes", { wish: "May every open window hear the same bell", country: "France", deviceFingerprint: fingerprint }));
    });
    console.log("submission", submission);
    const ring = await measure(server, requests, async () => {
      await post(server.url, "/api/bell/ring", { wishIds: [wishId], deviceFingerprint: fingerprint });
    });
    console.log("ring", ring);
    return { commit: process.env.BENCH_COMMIT ?? "this commit", pages: PAGES, windowMs: WINDOW_MS, idle, submission, ring };
  } finally {
    await browser.close();
    server.stop();
  }
}

const result = await run();
if (process.env.BENCH_SAVE) {
  writeFileSync(process.env.BENCH_SAVE, `${JSON.stringify(result, null, 2)}\n`);
} else {
  const rows = [...(existsSync(BEFORE_FILE) ? [JSON.parse(readFileSync(BEFORE_FILE, "utf8"))] : []), result];
  const paths = (counted) => Object.entries(counted.byPath).map(([path, n]) => `${n} ${path}`).join(", ") || "none";
  const caused = (row, key) => row[key].statements - row.idle.statements;
  writeSection(
    "ws-pages",
    [
      `### What one message costs with ${PAGES} home pages open (${today()})`,
      "",
      `Command: \`npm run bench:ws:pages\` (${PAGES} Chromium pages on \`/\`, each hydrated, its socket open and its map loaded; one wish submitted, then that wish rung, from outside the pages; each counted over ${WINDOW_MS / 1000} s). Machine: ${machine()}.`,
      "D1 statements are every statement the Worker and its Durable Objects ran (`D1_STATEMENT_LOG=1` writes each as a",
      "log line, counted in `wrangler dev`'s output), the message's own included (the submission's insert and limits, the",
      "ring's claim and completion). Requests are the pages' own to the site. The idle window measures the same with no",
      "message; \"caused\" is a message's statements less the idle window's. Locally every page reaches one isolate, whose",
      "one-second read cache (ADR 0009) serves most repeated reads; on Cloudflare the pages spread over many isolates, so the",
      "requests column is what scales with N there.",
      "",
      "| commit | idle: statements / requests | submission: statements (caused) | submission: pages' requests | ring: statements (caused) | ring: pages' requests |",
      "|---|---|---|---|---|---|",
      ...rows.map(
        (row) =>
          `| ${row.commit} | ${row.idle.statements} / ${row.idle.requests} | ${row.submission.statements} (${caused(row, "submission")}) | ${row.submission.requests}: ${paths(row.submission)} | ${row.ring.statements} (${caused(row, "ring")}) | ${row.ring.requests}: ${paths(row.ring)} |`,
      ),
    ].join("\n"),
  );
}
