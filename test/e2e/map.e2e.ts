import { english } from "../support/english";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAP_POPUP_PAGE_SIZE } from "../../app/domain/limits";
import { mapPopupShowing } from "../../app/domain/messages";
import { axeViolations, launchBrowser, newVisitor, runAxe } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const MARKERS = ".leaflet-marker-pane .leaflet-marker-icon";
/** A country's own marker (its docs/product.md#pages circle with the count badge on it) and a cluster of neighbouring countries. */
const COUNTRIES = `${MARKERS}:has([data-kind]:not([data-countries]))`;
const CLUSTERS = `${MARKERS}:has([data-countries])`;
const SHAPES = ".leaflet-countries-pane path";

/** How many countries the map shows at the current zoom: its own markers plus every cluster's members. */
async function countriesShown(page: Page): Promise<number> {
  const clustered = await page.locator(`${CLUSTERS} [data-countries]`).evaluateAll((discs) => discs.reduce((sum, disc) => sum + Number((disc as HTMLElement).dataset.countries), 0));
  return clustered + (await page.locator(COUNTRIES).count());
}

/** Opens /entanglement and waits until the map holds every country of the table, alone or in a cluster. */
async function openMap(page: Page): Promise<number> {
  const response = await page.goto("/entanglement");
  expect(response?.status()).toBe(200);
  const rows = await page.locator("table tbody tr").count();
  expect(rows).toBeGreaterThan(0);
  await page.locator(MARKERS).first().waitFor();
  await expect.poll(() => countriesShown(page)).toBe(rows);
  return rows;
}

/** The Wishes column of the table row for a country. */
async function wishCountOf(page: Page, country: string): Promise<number> {
  const row = page.locator("table tbody tr").filter({ has: page.getByRole("rowheader", { name: country, exact: true }) });
  return Number((await row.locator("td").first().textContent())?.replace(/\D/g, ""));
}

/**
 * Every script response of a page load, with its body, until stop(): a listener left behind would read bodies of
 * later loads that nobody awaits, and those reads reject (unhandled) when the context closes.
 */
function collectScripts(page: Page) {
  const bodies: Promise<{ url: string; body: string }[]>[] = [];
  const listener = (response: Response) => {
    if (response.request().resourceType() !== "script") return;
    bodies.push(response.text().then((body) => [{ url: response.url(), body }]));
  };
  page.on("response", listener);
  return { bodies, stop: () => page.off("response", listener) };
}

const isLeaflet = ({ url, body }: { url: string; body: string }) =>
  // The small lazy-world-map wrapper belongs on the home page; the Leaflet chunk (world-map.client) does not.
  /leaflet|\/world-map[.-]|countries-110m/i.test(url) || body.includes("L.Map") || body.includes("Leaflet");

describe("the world map in Chromium", () => {
  it("draws a circle and a count badge per country on /entanglement, with the page's metadata", async () => {
    const { context, page } = await newVisitor(browser);
    await openMap(page);
    expect(await page.title()).toBe("Entanglement Worldwide | Quantum Bell");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/world map/i);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Entanglement Worldwide");
    await context.close();
  });

  it("opens a popup of a country's newest wishes on click, with the spec's sentence", async () => {
    const { context, page } = await newVisitor(browser);
    await openMap(page);
    await page.locator(COUNTRIES).first().click();
    const popup = page.locator(".leaflet-popup-content");
    await popup.getByText("Visit the Wish Wall to see all wishes from this location", { exact: false }).waitFor();
    // The heading's own text is the country's name; the flag beside it is an image or an emoji.
    const country = await popup
      .getByRole("heading", { level: 3 })
      .evaluate((heading) => [...heading.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join("").trim());
    const total = await wishCountOf(page, country);
    expect(await popup.textContent()).toContain(mapPopupShowing(english, Math.min(MAP_POPUP_PAGE_SIZE, total), total));
    expect(await popup.locator("li").count()).toBe(Math.min(MAP_POPUP_PAGE_SIZE, total));
    await context.close();
  });

  it("opens the popup from the keyboard and moves focus into it", async () => {
    const { context, page } = await newVisitor(browser);
    await openMap(page);
    const marker = page.locator(COUNTRIES).first();
    expect(await marker.getAttribute("role")).toBe("button");
    await marker.focus();
    await page.keyboard.press("Enter");
    const heading = page.locator(".leaflet-popup-content h3");
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Escape");
    await page.locator(".leaflet-popup").waitFor({ state: "detached" });
    await expect.poll(() => marker.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it("clusters neighbouring countries, and Enter on a cluster zooms in with focus on one of its countries", async () => {
    const { context, page } = await newVisitor(browser, { viewport: { width: 412, height: 900 } });
    await openMap(page);
    const clusters = page.locator(CLUSTERS);
    expect(await clusters.count()).toBeGreaterThan(0);

    // A cluster names its countries and adds up their wishes, as the table does.
    const cluster = clusters.first();
    const label = (await cluster.locator(":scope > span:last-child").textContent()) ?? "";
    const [, list, wishes] = /^(.*): (\d+) wish(?:es)?\. Zoom in/.exec(label) ?? [];
    expect(list).toBeTruthy();
    const named = list.replace(/ and \d+ more countr(?:y|ies)$/, "").split(/, | and /);
    expect(named.length).toBeGreaterThan(1);
    const total = await cluster.locator("[data-countries]").evaluate((disc) => Number((disc as HTMLElement).dataset.countries));
    if (total === named.length) {
      const sum = (await Promise.all(named.map((country) => wishCountOf(page, country)))).reduce((a, b) => a + b, 0);
      expect(Number(wishes)).toBe(sum);
    }

    // No marker is smaller than 24 px or overlaps another: every one is a whole tap target.
    const targets = await runAxe(page, { runOnly: ["target-size"], resultTypes: ["violations"] }, { include: [[".leaflet-marker-pane"]] });
    expect(targets.flatMap((violation) => violation.nodes.map((node) => node.target.join(" ")))).toEqual([]);

    await cluster.focus();
    await page.keyboard.press("Enter");
    // Focus follows the zoom to the marker now holding the cluster's first country, not back to the page.
    const focusedMarker = () =>
      page.evaluate(() => (document.activeElement?.matches(".leaflet-marker-icon") ? (document.activeElement.lastElementChild?.textContent ?? "") : null));
    await expect.poll(async () => [null, label].includes(await focusedMarker())).toBe(false);
    expect(await countriesShown(page)).toBeLessThan(await page.locator("table tbody tr").count());
    await context.close();
  });

  it("sorts the countries table with buttons that set aria-sort", async () => {
    const { context, page } = await newVisitor(browser);
    await openMap(page);
    const header = page.getByRole("columnheader", { name: /Country/ });
    await header.getByRole("button").click();
    expect(await header.getAttribute("aria-sort")).toBe("ascending");
    const names = await page.locator("table tbody th a").allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    await header.getByRole("button").click();
    expect(await header.getAttribute("aria-sort")).toBe("descending");
    await context.close();
  });

  it("serves the countries table without JavaScript, sorted by wishes", async () => {
    const { context, page } = await newVisitor(browser, { javaScriptEnabled: false });
    await page.goto("/entanglement");
    expect(await page.locator("table tbody tr").count()).toBeGreaterThan(0);
    expect(await page.getByRole("columnheader", { name: "Wishes", exact: true }).getAttribute("aria-sort")).toBe("descending");
    expect(await page.locator("table button").count()).toBe(0);
    const counts = (await page.locator("table tbody tr td:first-of-type").allTextContents()).map((text) => Number(text.replace(/\D/g, "")));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    await context.close();
  });

  it("keeps Leaflet out of the home page's first-load JavaScript", async () => {
    const { context, page } = await newVisitor(browser);
    const scripts = collectScripts(page);
    await page.goto("/", { waitUntil: "load" });
    await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);
    await page.waitForTimeout(1000);
    scripts.stop();
    const loaded = (await Promise.all(scripts.bodies)).flat();
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter(isLeaflet).map(({ url }) => url)).toEqual([]);
    expect(await page.locator('link[rel="stylesheet"][href*="/world-map-"]').count()).toBe(0);

    // The same check finds Leaflet where the map is loaded, so it is not passing by accident.
    const mapScripts = collectScripts(page);
    await openMap(page);
    mapScripts.stop();
    expect((await Promise.all(mapScripts.bodies)).flat().some(isLeaflet)).toBe(true);
    await context.close();
  });

  it("has no axe violations on /entanglement with the map drawn", async () => {
    const { context, page } = await newVisitor(browser);
    await openMap(page);
    await page.locator(SHAPES).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("still shows the country shapes when the tile service is blocked", async () => {
    const { context, page } = await newVisitor(browser);
    const tileRequests: string[] = [];
    page.on("requestfailed", (request) => {
      if (request.url().includes("tile.openstreetmap.org")) tileRequests.push(request.url());
    });
    await openMap(page);
    await page.locator(SHAPES).nth(150).waitFor();
    expect(await page.locator(SHAPES).count()).toBeGreaterThan(150);
    await page.locator(".leaflet-tile-pane .leaflet-layer").waitFor({ state: "detached" });
    expect(tileRequests.length).toBeGreaterThan(0);
    expect(await page.locator(".leaflet-control-attribution").textContent()).toContain("Natural Earth");

    const screenshot = resolve("test-results/entanglement-offline.png");
    mkdirSync(resolve("test-results"), { recursive: true });
    await page.locator(".leaflet-container").scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshot, fullPage: false });
    console.log(`Offline map screenshot: ${screenshot}`);
    await context.close();
  });
});
