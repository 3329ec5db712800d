// Lighthouse (mobile, the default form factor) on /, a ring result page, /about and a blog post, in Debian's
// Chromium against `npm start`'s server on loopback. Figures go to bench/README.md.
// Usage: npm run bench:lighthouse   (BENCH_URL to target a running server)
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { benchServer, machine } from "./lib/server.mjs";
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

const server = await benchServer();
const chrome = await chromeLauncher.launch({
  chromePath: "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const rows = [];
  for (const path of await pagesToAudit(server.url)) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const lhr = await audit(`${server.url}${path}`, chrome.port);
      runs.push(Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])));
    }
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r[c]))]));
    const performanceRuns = runs.map((r) => r.performance);
    rows.push({ path, scores, performanceRuns });
    console.log(path, JSON.stringify(scores), performanceRuns.join(" "));
  }
  writeSection(
    "lighthouse",
    [
      `### Lighthouse, mobile (${today()})`,
      "",
      `Command: \`npm run bench:lighthouse\` (Lighthouse 12 in Debian's Chromium, headless, loopback, \`wrangler dev\` on the built Worker; median of ${RUNS} runs per page, every run's performance score beside it). Machine: ${machine()}.`,
      "DESIGN §8 targets: performance ≥ 95; accessibility, best practices and SEO 100. Loopback has no real network, so",
      "performance here reflects CPU and bytes, with Lighthouse's simulated mobile throttling.",
      "",
      "| page | performance (median) | performance runs | accessibility | best practices | SEO |",
      "|---|---|---|---|---|---|",
      ...rows.map((r) => `| \`${r.path}\` | ${r.scores.performance} | ${r.performanceRuns.join(", ")} | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} |`),
    ].join("\n"),
  );
} finally {
  await chrome.kill();
  server.stop();
}
