import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { copyDatabase, startServer, stopServer } from "../../scripts/lib/wrangler.mjs";
import { freePort } from "./support/global-setup";
import { axeViolations, launchBrowser, newVisitor } from "./support/browser";

// MAP_TILE_URL=off: the operator chose no tile service, and the map is drawn from the site's own country shapes.
// A server of its own, configured so; the screenshots (test-results/) are for a person to look at.

const SHAPES = ".leaflet-countries-pane path";
let browser: Browser;
let baseURL: string;
let server: ReturnType<typeof startServer>;
let persistDir: string;

beforeAll(async () => {
  persistDir = mkdtempSync(join(tmpdir(), "quantum-bell-e2e-tiles-off-"));
  copyDatabase(inject("seededDatabase"), persistDir);
  const port = await freePort();
  // Its own inspector port: another file may be starting a server at the same moment (ADR 0081).
  server = startServer({ port, persistTo: persistDir, vars: { MAP_TILE_URL: "off", IP_DAILY_WISH_LIMIT: "100000" }, args: ["--inspector-port", String(await freePort())] });
  await server.ready;
  baseURL = `http://127.0.0.1:${port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  stopServer(server?.child);
  if (persistDir) rmSync(persistDir, { recursive: true, force: true });
});

describe("the map with tiles off", () => {
  for (const width of [360, 1920]) {
    it(`draws a finished map from the country shapes at ${width} px, asking no other host`, async () => {
      const { context, page } = await newVisitor(browser, { baseURL, viewport: { width, height: width < 600 ? 780 : 1080 } });
      const elsewhere: string[] = [];
      page.on("request", (request) => {
        if (!request.url().startsWith(baseURL) && !request.url().startsWith("data:")) elsewhere.push(request.url());
      });
      const response = await page.goto("/entanglement");
      expect(response?.status()).toBe(200);
      expect(/img-src ([^;]*)/.exec(response?.headers()["content-security-policy"] ?? "")?.[1]).toBe("'self' data:");
      await page.locator(SHAPES).nth(150).waitFor();
      await page.locator(".leaflet-marker-pane .leaflet-marker-icon").first().waitFor();
      expect(await page.locator(".leaflet-tile-pane img").count()).toBe(0);
      const frame = page.locator(".leaflet-container");
      expect(await frame.getAttribute("data-tiles")).toBe("off");
      expect(await page.locator(".leaflet-control-attribution").textContent()).toContain("Natural Earth");
      expect(await page.locator(".leaflet-control-attribution").textContent()).not.toContain("OpenStreetMap");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(elsewhere).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);

      await frame.scrollIntoViewIfNeeded();
      mkdirSync(resolve("test-results"), { recursive: true });
      const path = resolve(`test-results/map-tiles-off-${width}.png`);
      writeFileSync(path, await page.screenshot({ fullPage: false }));
      console.log(`Map with tiles off, ${width} px: ${path}`);
      await context.close();
    });
  }
});
