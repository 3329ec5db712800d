// /og share images: render time when the card is not cached (every request a new title, so the Cache API misses and
// satori + resvg draw it) and when it is, beside a static asset of the same server as the floor. Figures go to
// bench/README.md. Usage: npm run bench:og   (BENCH_OG_RENDERS=40; BENCH_URL to target a running server)
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { benchServer, coldServer, machine } from "./lib/server.mjs";
import { ms, today, writeSection } from "./lib/report.mjs";
import { median, summarise } from "./lib/stats.mjs";

const RENDERS = Number(process.env.BENCH_OG_RENDERS ?? 40);
// Fresh `wrangler dev` servers whose first request is a card: the renderer loads then (ADR 0035).
const COLD_STARTS = Number(process.env.BENCH_OG_COLD_STARTS ?? 5);
const run = `${process.pid}-${Date.now()}`;

async function timed(url) {
  const began = performance.now();
  const response = await fetch(url);
  const body = new Uint8Array(await response.arrayBuffer());
  const elapsed = performance.now() - began;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { elapsed, type: response.headers.get("content-type"), bytes: body.byteLength };
}

/** Sequential requests, one at a time, so each figure is one render and not a queue. */
async function series(urls) {
  const times = [];
  for (const url of urls) times.push((await timed(url)).elapsed);
  return summarise(times);
}

// Cards with text are drawn only under the site's signature (ADR 0026, app/server/og/signature.server.ts): the bench
// signs its made-up titles with the local server's HASH_SECRET, as the pages' HTML would.
const secret = process.env.HASH_SECRET ?? /^HASH_SECRET="([^"]*)"/m.exec(readFileSync(new URL("../.dev.vars", import.meta.url), "utf8"))?.[1] ?? "";
function signed(params) {
  const canonical = JSON.stringify(["title", "subtitle", "variant"].map((field) => params.get(field) ?? ""));
  params.set("sig", createHmac("sha256", secret).update(`og:${canonical}`).digest("hex").slice(0, 32));
  return params;
}
const LATIN = "May peace reach every shore → ★";
// Titles satori cannot shape: fontkit lays them out with fonts read from static assets (ADR 0028).
const SCRIPTS = {
  Arabic: "أتمنى السلام لعائلتي وفي كل مكان",
  Devanagari: "दुनिया में शांति हो, सबका कल्याण",
  Chinese: "愿世界和平，愿每一个家庭都平安",
};
const cardUrl = (base, variant, i, title = LATIN) =>
  `${base}/og?${signed(new URLSearchParams({ title: `${title} ${run} ${i}`, subtitle: `${i + 1} wishes entangled`, variant }))}`;

const server = await benchServer();
try {
  const base = server.url;
  const first = await timed(cardUrl(base, "default", -1));
  if (first.type !== "image/png") throw new Error(`/og answered ${first.type}`);
  if (first.bytes === (await timed(`${base}/og`)).bytes) throw new Error("/og drew its default card: the bench's signature does not match the server's HASH_SECRET.");
  const floor = await series(Array.from({ length: RENDERS }, () => `${base}/favicon.svg`));
  const rows = [];
  const cards = [
    ...["default", "bell", "bell-10110", "story-10110", "square"].map((variant) => ({ variant, label: `\`variant=${variant}\`` })),
    ...Object.entries(SCRIPTS).map(([script, title]) => ({ variant: "bell-10110", title, label: `\`variant=bell-10110\`, ${script} title` })),
  ];
  for (const { variant, title, label } of cards) {
    const urls = Array.from({ length: RENDERS }, (_, i) => cardUrl(base, variant, i, title));
    const cold = await series(urls);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the cache write runs in waitUntil after the response
    const cached = await series(urls);
    rows.push({ label, cold, cached });
    console.log(label, "cold", cold, "cached", cached);
  }
  server.stop();
  // The first card of a new isolate, which loads the renderer, its WebAssembly and fonts: a Latin card, then each
  // script in turn, one server each.
  const coldFirsts = [];
  const firstTitles = [LATIN, ...Object.values(SCRIPTS)];
  for (let i = 0; i < COLD_STARTS; i++) {
    const cold = await coldServer();
    try {
      const first = await timed(cardUrl(cold.url, "bell-10110", i, firstTitles[i % firstTitles.length]));
      if (first.type !== "image/png") throw new Error(`/og answered ${first.type}`);
      coldFirsts.push(first.elapsed);
      console.log("first card after a cold start", ms(first.elapsed));
    } finally {
      cold.stop();
    }
  }
  const budget = (figure) => (figure < 150 ? "✓" : "✗");
  writeSection(
    "og",
    [
      `### /og render time (${today()})`,
      "",
      `Command: \`npm run bench:og\` (${RENDERS} sequential requests per variant on loopback, \`wrangler dev\` on the built Worker; every`,
      `cold request carries a title never asked for before, so the Cache API misses and satori + resvg draw it; the cached pass repeats`,
      `the same URLs). Machine: ${machine()}. DESIGN §8 target: < 150 ms median cold, then served from cache.`,
      "",
      `The isolate's first card (loading the renderer, compiling both WebAssembly modules and parsing the fonts) took ${ms(first.elapsed)}.`,
      `The first request of ${COLD_STARTS} fresh servers, a card each (Latin, then Arabic, Devanagari, Chinese titles in turn): median`,
      `${ms(median(coldFirsts))} (${coldFirsts.map(ms).join(", ")}), ${budget(median(coldFirsts))} against DESIGN §8's 150 ms.`,
      "",
      "| card | cold p50 | cold p95 | cached p50 | cached p95 | cold p50 < 150 ms |",
      "|---|---|---|---|---|---|",
      ...rows.map(({ label, cold, cached }) => `| ${label} | ${ms(cold.p50)} | ${ms(cold.p95)} | ${ms(cached.p50)} | ${ms(cached.p95)} | ${budget(cold.p50)} |`),
      `| static asset (floor) | | | ${ms(floor.p50)} | ${ms(floor.p95)} | |`,
    ].join("\n"),
  );
} finally {
  server.stop();
}
