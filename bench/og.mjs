// /og share images: render time when the card is not cached (every request a new title, so the Cache API and D1 miss
// and satori + resvg draw it) and when it is, beside a static asset of the same server as the floor; and the first
// /og request of fresh servers: a completed ring's card as its page names it, which the cron drew and kept in D1
// (ADR 0050), and a card never drawn before. Figures go to bench/README.md.
// Usage: npm run bench:og   (BENCH_OG_RENDERS=40, BENCH_OG_COLD_STARTS=5)
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { queryLocal } from "../scripts/lib/wrangler.mjs";
import { benchServer, coldServer, loadAverage, machine, removeStorage } from "./lib/server.mjs";
import { ms, today, writeSection } from "./lib/report.mjs";
import { median, summarise } from "./lib/stats.mjs";

const RENDERS = Number(process.env.BENCH_OG_RENDERS ?? 40);
// Fresh `wrangler dev` servers whose first /og request is timed (ADR 0035, ADR 0050).
const COLD_STARTS = Number(process.env.BENCH_OG_COLD_STARTS ?? 5);
if (process.env.BENCH_URL) throw new Error("bench:og starts its own servers: its cold starts need them (BENCH_URL is not supported).");
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

const loadAtStart = loadAverage();
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
  // The production path of a ring's link (ADR 0050): the cron draws a completed ring's cards, then visitors and link
  // previews ask for the card its page names. The newest ring's og:image in each language, read from its pages.
  const ringId = (await (await fetch(`${base}/api/bell/history?page=1&pageSize=1`)).json()).history[0].id;
  const ringCards = [];
  for (const lang of ["", "ar", "hi", "zh", "es", "fr"]) {
    const html = await (await fetch(`${base}${lang ? `/${lang}` : ""}/bell/${ringId}`)).text();
    const card = new URL(/<meta property="og:image" content="([^"]+)"/.exec(html)[1].replaceAll("&amp;", "&"));
    ringCards.push({ lang: lang || "en", path: `${card.pathname}${card.search}` });
  }
  // The cron draws six cards a run (ADR 0050): two runs draw the ring's twelve, wide cards first, and mark it done.
  for (let run = 0; run < 2; run++) if (!(await fetch(`${base}/cdn-cgi/local/scheduled`)).ok) throw new Error("the cron did not run");
  await server.stop({ keep: true });
  const done = queryLocal(`SELECT COUNT(*) AS n FROM og_ring_cards WHERE ring_id = '${ringId}'`, server.persistDir)[0].n;
  if (done !== 1) throw new Error(`the cron did not finish ring ${ringId}'s cards`);

  // Each cold start is a new \`wrangler dev\` whose first /og request is timed: on the storage above, a ring's card
  // (a language each in turn); on a new empty D1, a card never drawn (Latin, then each script in turn).
  const firstRequest = async (cold, path) => {
    try {
      const first = await timed(`${cold.url}${path}`);
      if (first.type !== "image/png") throw new Error(`/og answered ${first.type}`);
      return first.elapsed;
    } finally {
      await cold.stop();
    }
  };
  // Each cold start asks for another language's card, so no answer can come from a cache an earlier server filled.
  if (COLD_STARTS > ringCards.length) throw new Error(`BENCH_OG_COLD_STARTS may be at most ${ringCards.length}, one per language.`);
  const ringFirsts = [];
  const drawnFirsts = [];
  const firstTitles = [LATIN, ...Object.values(SCRIPTS)];
  try {
    for (let i = 0; i < COLD_STARTS; i++) {
      const { lang, path } = ringCards[i % ringCards.length];
      ringFirsts.push({ lang, ms: await firstRequest(await coldServer({ persistDir: server.persistDir }), path) });
      console.log(`first /og after a cold start, a ring's kept card (${lang})`, ms(ringFirsts.at(-1).ms));
      const cold = await coldServer();
      drawnFirsts.push(await firstRequest(cold, cardUrl("", "bell-10110", i, firstTitles[i % firstTitles.length])));
      console.log("first /og after a cold start, a card never drawn", ms(drawnFirsts.at(-1)));
    }
  } finally {
    removeStorage(server.persistDir);
  }
  const ringMedian = median(ringFirsts.map((first) => first.ms));
  const budget = (figure) => (figure < 150 ? "✓" : "✗");
  writeSection(
    "og",
    [
      `### /og render time (${today()})`,
      "",
      `Command: \`npm run bench:og\` (${RENDERS} sequential requests per variant on loopback, \`wrangler dev\` on the built Worker; every`,
      `cold request carries a title never asked for before, so the Cache API misses and satori + resvg draw it; the cached pass repeats`,
      `the same URLs). Machine: ${machine()}; load average (1 min) ${loadAtStart} at the start, ${loadAverage()} at the end. DESIGN §8 target: < 150 ms median cold, then served from cache.`,
      "",
      `**First /og after a cold start, a completed ring's card** (the production path of a ring's link, ADR 0050): the cron drew`,
      `the newest ring's cards in two runs (its wide card and story image in every language, kept in D1); then ${COLD_STARTS} fresh`,
      `servers on that storage, each one's first /og the ring's og:image as its page names it (${ringFirsts.map((f) => f.lang).join(", ")}):`,
      `median **${ms(ringMedian)}** (${ringFirsts.map((f) => ms(f.ms)).join(", ")}), ${budget(ringMedian)} against DESIGN §8's 150 ms.`,
      "",
      `**First /og after a cold start, a card never drawn before** (a page's card no visitor asked for yet, on a new empty D1;`,
      `Latin, then Arabic, Devanagari, Chinese titles in turn: the renderer loads, compiles both WebAssembly modules and runs`,
      `for the first time): median ${ms(median(drawnFirsts))} (${drawnFirsts.map(ms).join(", ")}), ${budget(median(drawnFirsts))}. Such a card is drawn`,
      `once and kept: every later first request for it, in any isolate, is the path above. The warm server's first card took ${ms(first.elapsed)}.`,
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
