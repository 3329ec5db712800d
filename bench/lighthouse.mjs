// Lighthouse (mobile, the default form factor) on /, a ring result page, /about and a blog post, in Debian's
// Chromium against `npm start`'s server on loopback, and on the bare Remix v2 page of bench/fixtures/bare-remix served
// the same way in the same run: Lighthouse's simulated throttling scales with the host's CPU, so the budget is
// relative to that page (ADR 0036). Figures go to bench/README.md.
// Usage: npm run bench:lighthouse   (BENCH_URL to target a running server; BENCH_LH_RUNS=5)
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_PATH } from "../scripts/lib/chromium.mjs";
import { buildBareRemix, BARE_REMIX_CONFIG } from "./lib/bare-remix.mjs";
import { benchFixture, benchServer, machine } from "./lib/server.mjs";
import { today, writeSection } from "./lib/report.mjs";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
// Lighthouse's own advice for noisy machines: run several times and report the median.
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 5);
// Lighthouse sometimes loses the trace's navigation start (NO_NAVSTART) on a busy machine; such a run has no scores
// and is run again rather than counted as zero.
const ATTEMPTS_PER_RUN = 3;

async function audit(url, port) {
  for (let attempt = 1; ; attempt += 1) {
    const { lhr } = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
    if (!lhr.runtimeError) return lhr;
    console.warn(`${url}: ${lhr.runtimeError.code} (attempt ${attempt})`);
    if (attempt === ATTEMPTS_PER_RUN) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function pagesToAudit(url) {
  const history = await (await fetch(`${url}/api/bell/history?pageSize=1`)).json();
  const sitemap = await (await fetch(`${url}/sitemap.xml`)).text().catch(() => "");
  const post = [...sitemap.matchAll(/<loc>([^<]*\/blog\/[^<]+)<\/loc>/g)][0]?.[1];
  // The home page in Arabic (right to left) and Chinese too (issue 22).
  const pages = ["/", "/ar", "/zh", `/bell/${history.history[0].id}`, "/about"];
  if (post) pages.push(new URL(post).pathname);
  return pages;
}

/** DESIGN §8 as amended by ADR 0036: within 5 points of the bare page's median, and ≥ 95 where that page scores 100. */
function withinBudget(performance, bare) {
  return performance >= bare - 5 && (bare < 100 || performance >= 95);
}

const server = await benchServer();
buildBareRemix();
const bare = await benchFixture(BARE_REMIX_CONFIG);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const pages = [
    { label: "bare Remix v2 page (`bench/fixtures/bare-remix`)", url: `${bare.url}/`, bare: true },
    ...(await pagesToAudit(server.url)).map((path) => ({ label: `\`${path}\``, url: `${server.url}${path}`, bare: false })),
  ];
  // Round after round over every page, so a busy minute on this shared machine falls on all of them alike.
  const runsOf = new Map(pages.map((page) => [page, []]));
  for (let run = 0; run < RUNS; run += 1) {
    for (const page of pages) {
      const lhr = await audit(page.url, chrome.port);
      runsOf.get(page).push({
        ...Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
        lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
        tbt: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
      });
    }
  }
  const rows = pages.map((page) => {
    const runs = runsOf.get(page);
    const scores = Object.fromEntries([...CATEGORIES, "lcp", "tbt"].map((c) => [c, median(runs.map((r) => r[c]))]));
    console.log(page.label, JSON.stringify(scores), runs.map((r) => r.performance).join(" "));
    return { ...page, scores, performanceRuns: runs.map((r) => r.performance) };
  });
  const floor = rows.find((row) => row.bare).scores.performance;
  const verdict = (row) => (row.bare ? "reference" : withinBudget(row.scores.performance, floor) ? "✓" : "✗");
  writeSection(
    "lighthouse",
    [
      `### Lighthouse, mobile (${today()})`,
      "",
      `Command: \`npm run bench:lighthouse\` (Lighthouse 13 in Debian's Chromium, headless, loopback, \`wrangler dev\` on the built Worker and on the bare Remix fixture; median of ${RUNS} runs per page, the pages taken in turn each round, every run's performance score beside it). Machine: ${machine()}.`,
      "DESIGN §8 targets as amended by ADR 0036: performance within 5 points of the bare Remix page's median in the same run, and ≥ 95",
      "where that page scores 100; accessibility, best practices and SEO 100. Loopback has no real network, so performance here",
      "reflects CPU and bytes under Lighthouse's simulated mobile throttling, which scales with this machine's CPU.",
      "",
      "| page | performance (median) | performance runs | LCP | TBT | accessibility | best practices | SEO | performance budget |",
      "|---|---|---|---|---|---|---|---|---|",
      ...rows.map(
        (r) =>
          `| ${r.label} | ${r.scores.performance} | ${r.performanceRuns.join(", ")} | ${(r.scores.lcp / 1000).toFixed(2)} s | ${Math.round(r.scores.tbt)} ms | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} | ${verdict(r)} |`,
      ),
    ].join("\n"),
  );
} finally {
  await chrome.kill();
  server.stop();
  bare.stop();
}
