// First-load JavaScript and CSS of each page, gzip, as the browser fetches them (scripts, module preloads and
// stylesheets named in the HTML). Figures go to bench/README.md.  Usage: npm run bench:bundle
import { gzipSync } from "node:zlib";
import { benchServer, machine } from "./lib/server.mjs";
import { today, writeSection } from "./lib/report.mjs";

// The home page in every language (issue 22): only the page's own language's messages may reach the browser.
const PAGES = ["/", "/es", "/fr", "/ar", "/hi", "/zh", "/about", "/entanglement", "/faq"];
const JS_BUDGET_KB = 160;
const CSS_BUDGET_KB = 25;

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

const server = await benchServer();
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
} finally {
  server.stop();
}
