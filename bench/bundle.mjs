// First-load JavaScript and CSS of each page, gzip, as the browser fetches them (scripts, module preloads and
// stylesheets named in the HTML), and every script the home page downloads by network idle in Chromium (issue 49),
// against its budget. Figures go to bench/README.md; exits 1 when the home page is over budget.
// Usage: npm run bench:bundle   (BENCH_URL to target a running server)
import { gzipSync } from "node:zlib";
import { launchChromium, scriptsByNetworkIdle, VIEWPORTS } from "./lib/network-idle.mjs";
import { benchServer, machine } from "./lib/server.mjs";
import { today, writeSection } from "./lib/report.mjs";

// The home page in every language (issue 22): only the page's own language's messages may reach the browser.
const PAGES = ["/", "/es", "/fr", "/ar", "/hi", "/zh", "/about", "/entanglement", "/faq"];
const JS_BUDGET_KB = 160;
const CSS_BUDGET_KB = 25;
// Issue 49: everything `/` fetches by network idle, lazy chunks included, not only what its HTML names.
const IDLE_PAGES = ["/", "/ar", "/zh"];
const IDLE_BUDGET_KB = 140;

function assetUrls(html) {
  const js = new Set();
  const css = new Set();
  for (const [, href] of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) js.add(href);
  for (const [, src] of html.matchAll(/<script[^>]+src="([^"]+)"/g)) js.add(src);
  for (const [, spec] of html.matchAll(/import\s*\(?\s*["']([^"']+\.js)["']/g)) js.add(spec);
  for (const [, href] of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) css.add(href);
  return { js: [...js], css: [...css] };
}

/** The page's inline scripts (Remix's context and the page's data), gzip: HTML, not JavaScript files. */
function inlineKb(html) {
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join("\n");
  return gzipSync(Buffer.from(inline), { level: 9 }).byteLength / 1024;
}

async function gzipKb(url, paths) {
  let total = 0;
  for (const path of paths) {
    const body = Buffer.from(await (await fetch(new URL(path, url))).arrayBuffer());
    total += gzipSync(body, { level: 9 }).byteLength;
  }
  return total / 1024;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Each page of IDLE_PAGES at each viewport: its scripts by network idle, printed file by file. */
async function networkIdleRows(url) {
  const browser = await launchChromium();
  try {
    const rows = [];
    for (const page of IDLE_PAGES) {
      for (const viewport of VIEWPORTS) {
        const scripts = await scriptsByNetworkIdle(browser, `${url}${page}`, viewport);
        const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
        console.log(`${page} at ${viewport.width} px: ${scripts.length} scripts, ${kb(total)} gzip`);
        for (const script of [...scripts].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(script.gzip).padStart(9)}  ${script.url}`);
        rows.push({ page, viewport, scripts, total });
      }
    }
    return rows;
  } finally {
    await browser.close();
  }
}

const server = await benchServer();
let overBudget = false;
try {
  const rows = [];
  for (const page of PAGES) {
    const response = await fetch(`${server.url}${page}`);
    if (!response.ok) continue;
    const html = await response.text();
    const { js, css } = assetUrls(html);
    // The page's catalogue, a cached file of its own since ADR 0074 (data, not JavaScript).
    const catalogue = /<link[^>]+href="([^"]+)"[^>]*data-catalogue/.exec(html)?.[1];
    rows.push({
      page,
      js: await gzipKb(server.url, js),
      css: await gzipKb(server.url, css),
      files: js.length,
      inline: inlineKb(html),
      catalogue: catalogue ? await gzipKb(server.url, [catalogue]) : 0,
    });
    console.log(page, rows.at(-1));
  }
  writeSection(
    "bundle",
    [
      `### First-load JavaScript and CSS (${today()})`,
      "",
      `Command: \`npm run bench:bundle\` (gzip level 9 of every script, module preload and stylesheet named in the page's HTML). Machine: ${machine()}.`,
      `DESIGN §8 budget for the home page: ≤ ${JS_BUDGET_KB} KB JavaScript, ≤ ${CSS_BUDGET_KB} KB CSS (gzip).`,
      "",
      "The inline column is the page's own data in its HTML (Remix's context and the route's data), not JavaScript files. The",
      "catalogue column is the page's language's messages, a file of its own preloaded by the page and cached for a year",
      "(ADR 0074): one download per language, not per page.",
      "",
      "| page | JS files | JS gzip | CSS gzip | inline data gzip | catalogue file gzip |",
      "|---|---|---|---|---|---|",
      ...rows.map((r) => `| \`${r.page}\` | ${r.files} | ${r.js.toFixed(1)} KB | ${r.css.toFixed(1)} KB | ${r.inline.toFixed(1)} KB | ${r.catalogue.toFixed(1)} KB |`),
    ].join("\n"),
  );

  const idle = await networkIdleRows(server.url);
  overBudget = idle.some((row) => row.total / 1024 > IDLE_BUDGET_KB);
  const home = idle.filter((row) => row.page === "/");
  const largest = home.reduce((a, b) => (b.total > a.total ? b : a));
  writeSection(
    "bundle-idle",
    [
      `### JavaScript the home page downloads by network idle (${today()})`,
      "",
      `Command: \`npm run bench:bundle\` (Debian's Chromium loads the page in a fresh context, waits for network idle — no`,
      `request for 500 ms — and gzips every script response at level 9: the entry, the module preloads and whatever the`,
      `page then imports by itself). Machine: ${machine()}. Budget (issue 49): ≤ ${IDLE_BUDGET_KB} KB gzip.`,
      "Whether the room's first socket message (presence) or a first API call lands before the network is idle decides",
      "whether zod's chunk (`on-first-use`) is fetched in that run: each row is one run, as it came.",
      "",
      "| page | viewport | scripts | JS gzip by network idle | budget |",
      "|---|---|---|---|---|",
      ...idle.map((r) => `| \`${r.page}\` | ${r.viewport.width} × ${r.viewport.height} | ${r.scripts.length} | ${kb(r.total)} | ${r.total / 1024 <= IDLE_BUDGET_KB ? "kept" : "**over**"} |`),
      "",
      `The files of \`/\` at ${largest.viewport.width} px:`,
      "",
      "| file | gzip |",
      "|---|---|",
      ...[...largest.scripts].sort((a, b) => b.gzip - a.gzip).map((s) => `| \`${s.url.replace(/-[\w-]{8}\.js$/, ".js")}\` | ${kb(s.gzip)} |`),
    ].join("\n"),
  );
  if (overBudget) console.error(`over budget: a page downloads more than ${IDLE_BUDGET_KB} KB of JavaScript (gzip) by network idle`);
} finally {
  server.stop();
}
if (overBudget) process.exitCode = 1;
