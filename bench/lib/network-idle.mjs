// What a page makes Chromium download before the network goes idle: every script response (the entry, the module
// preloads, and whatever the page imports lazily on its own), each gzipped at level 9 as a CDN would serve it.
import { gzipSync } from "node:zlib";
import { launchChromium } from "../../scripts/lib/chromium.mjs";

/** A phone and a wide desktop: what loads "when seen" (the map, below the fold) differs between them. */
export const VIEWPORTS = [
  { name: "phone", width: 360, height: 740 },
  { name: "desktop", width: 1920, height: 1080 },
];

/**
 * Loads `url` in a fresh context of `browser` at `viewport`, waits for network idle (no request for 500 ms), and
 * returns each script with its gzip size in bytes, in the order they were requested.
 */
export async function scriptsByNetworkIdle(browser, url, viewport) {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  try {
    const page = await context.newPage();
    const pending = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      pending.push(
        response.body().then(
          (body) => ({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).byteLength }),
          () => ({ url: new URL(response.url()).pathname, gzip: 0 }),
        ),
      );
    });
    await page.goto(url, { waitUntil: "networkidle" });
    return await Promise.all(pending);
  } finally {
    await context.close();
  }
}

export { launchChromium };
