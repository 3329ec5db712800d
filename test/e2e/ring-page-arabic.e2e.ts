import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, baseURL, freshFingerprint, launchBrowser, newVisitor, PHONE, skipRingFallback } from "./support/browser";

// Issue 45, points 3 and 4 (ADR 0096, ADR 0097): an Arabic visitor on a phone reads the ring's page in its own order.
// The date line and the context line keep "Quantum Bell" isolated, so the day stays beside its month and the count
// beside "أمنيات"; the wishes come before the bits and the physics; every star, the visitor's own too, has its bit's
// colour, the bit tiles' colour; and the constellation runs from the right, as the tiles do.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SITE_NAME = "Quantum Bell";
/** app/styles/theme.css.ts: gold for a measured 1, the pale blue brandStrong for a 0. */
const BIT_COLOUR: Record<string, string> = { "1": "rgb(255, 213, 79)", "0": "rgb(144, 202, 249)" };

async function olderWish(text: string, country: string): Promise<void> {
  const response = await fetch(`${baseURL()}/api/wishes`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL() },
    body: JSON.stringify({ wish: text, country, deviceFingerprint: freshFingerprint() }),
  });
  expect(response.status).toBe(201);
}

/** Presses the bell once it is free; a ring made elsewhere in the meantime answers 429, and the page waits again. */
async function ringWhenFree(page: Page): Promise<string> {
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.waitForFunction(() => document.querySelector("#bell-ringer button")?.getAttribute("aria-disabled") === "false", undefined, { timeout: 30_000 });
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/bell/ring", { timeout: 20_000 });
    await page.locator("#bell-ringer button").tap();
    const response = await answer;
    if (response.status() === 429) continue;
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { bellRingId: string }).bellRingId;
  }
  throw new Error("The bell never became free to ring.");
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Where the first match of `pattern` inside `element`'s text is drawn: each line's rectangle of that text. */
function textBoxes(element: Locator, pattern: RegExp): Promise<Box[]> {
  return element.evaluate(
    (root, source) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const match = new RegExp(source).exec(node.textContent ?? "");
        if (!match) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        return Array.from(range.getClientRects(), ({ left, right, top, bottom }) => ({ left, right, top, bottom }));
      }
      return [];
    },
    pattern.source,
  );
}

const sameLine = (a: Box, b: Box) => Math.abs((a.top + a.bottom) / 2 - (b.top + b.bottom) / 2) < 4;

/**
 * A number and its word read as one in right-to-left order: on one line, the number just right of its word, and the
 * site's name never between them (on their line, it is right of both: read before them).
 */
function readsInOrder(number: Box, word: Box, site: Box): void {
  expect(sameLine(number, word), "the number shares its word's line").toBe(true);
  expect(number.left).toBeGreaterThanOrEqual(word.right - 1);
  expect(number.left - word.right).toBeLessThan(16);
  if (sameLine(site, number)) {
    expect(site.left, "the site's name is read before the number and its word").toBeGreaterThanOrEqual(number.right - 1);
    expect(site.left).toBeGreaterThanOrEqual(word.right - 1);
  }
}

/** Elements in document order: `a` precedes `b`. */
async function precedes(a: Locator, b: Locator): Promise<boolean> {
  const second = await b.elementHandle();
  return a.evaluate((first, other) => Boolean(first.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING), second);
}

describe("a ring's page in Arabic on a 360×800 touch phone (issue 45)", () => {
  it("isolates the site's name and the numbers, puts the wishes before the physics and colours your star by your bit", { timeout: 120_000 }, async () => {
    for (const [index, city] of ["Kigali", "Dublin", "Osaka", "Lima", "Accra"].entries()) {
      await olderWish(`May the evening lights of ${city} warm every stranger's window`, ["Rwanda", "Ireland", "Japan", "Peru", "Ghana"][index]!);
    }
    const { context, page } = await newVisitor(browser, { viewport: PHONE, touch: true, locale: "ar" });
    await page.clock.install();
    await page.goto("/ar/");
    await page.locator("#wish-form button[type=submit]:disabled").waitFor();
    const words = "May the bridges of Alexandria hold everyone who crosses them";
    await page.locator("#wish-form textarea[name=wish]").fill(words);
    const sent = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/wishes" && response.request().method() === "POST");
    await page.locator("#wish-form button[type=submit]").tap();
    await sent;
    await expect.poll(() => page.locator("#bell-ringer [data-testid=ring-preview]").textContent(), { timeout: 20_000 }).toMatch(/أمنيتك/);
    const ringId = await ringWhenFree(page);
    await skipRingFallback(page, ringId);
    await page.waitForURL(/\/ar\/bell\/[^/]+$/, { timeout: 20_000 });
    await page.locator("#ring-answer").waitFor({ timeout: 30_000 });
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");

    // The date line: the site's name and the date each in a <bdi>; the day beside its month, the name read first.
    const dateLine = page.locator("[data-testid=ring-date-line]");
    expect(await dateLine.locator("bdi", { hasText: SITE_NAME }).evaluate((bdi) => bdi.textContent)).toBe(SITE_NAME);
    expect(await dateLine.locator("bdi > time").count()).toBe(1);
    const [site] = await textBoxes(dateLine, /Quantum Bell/);
    const [day] = await textBoxes(dateLine.locator("time"), /[0-9٠-٩]+/);
    const [month] = await textBoxes(dateLine.locator("time"), /[\u0621-\u064a]+/);
    readsInOrder(day!, month!, site!);
    // innerText keeps the logical order: the ring, the name, the date.
    expect(await dateLine.innerText()).toMatch(/^قرعة من قرعات Quantum Bell · [0-9٠-٩]+ [\u0621-\u064a]+/);

    // Your line names the countries, each isolated.
    const company = page.locator("[data-testid=your-company]");
    expect(await company.locator("bdi bdi").count()).toBeGreaterThanOrEqual(1);

    // The order a person reads: the verse, share, the wishes (yours first), then the bits and the physics.
    const verse = page.locator("#ring-title");
    const share = page.locator("[data-testid=share-now]");
    const wishes = page.locator("section:has(> #ring-wishes)");
    const answer = page.locator("section:has(> #ring-answer)");
    const provider = page.locator("[data-testid=ring-provider]");
    const physics = page.locator("details:has(> summary)").last();
    expect(await precedes(verse, share)).toBe(true);
    expect(await precedes(share, wishes)).toBe(true);
    for (const later of [answer, provider, physics]) expect(await precedes(wishes, later)).toBe(true);
    const wishesBox = (await wishes.boundingBox())!;
    for (const later of [answer, provider, physics]) expect((await later.boundingBox())!.y).toBeGreaterThan(wishesBox.y + wishesBox.height - 1);
    expect(await wishes.locator("ol > li").first().locator("article").getAttribute("data-yours")).toBe("true");
    expect(await provider.innerText()).toMatch(/حاسوب عادي/);

    // Every star and every bit tile in its bit's colour, your star too; wish 1 at the right, as its tile.
    const bits = await page.locator("#ring-answer ~ ol [data-bit]").evaluateAll((tiles) => tiles.map((tile) => ({ bit: tile.getAttribute("data-bit")!, colour: getComputedStyle(tile).color })));
    expect(bits).toHaveLength(5);
    for (const { bit, colour } of bits) expect(colour).toBe(BIT_COLOUR[bit]);
    const constellation = page.locator("svg[data-testid=constellation]");
    const yourQubit = await constellation.evaluate((svg) => Array.from(svg.querySelectorAll(":scope > circle, :scope > g")).findIndex((star) => star.matches("g[data-yours=true]")));
    expect(yourQubit).toBeGreaterThanOrEqual(0);
    const yourStar = constellation.locator("g[data-yours=true] circle").last();
    expect(await yourStar.evaluate((star) => getComputedStyle(star).fill)).toBe(BIT_COLOUR[bits[yourQubit]!.bit]);
    const stars = await constellation.locator(":scope > circle, :scope > g[data-yours] > circle:last-child").evaluateAll((circles) =>
      circles.map((circle) => ({ bit: circle.getAttribute("data-bit") ?? circle.parentElement!.getAttribute("data-bit"), fill: getComputedStyle(circle).fill, x: circle.getBoundingClientRect().x })),
    );
    expect(stars).toHaveLength(5);
    for (const star of stars) expect(star.fill).toBe(BIT_COLOUR[star.bit!]);
    const tileXs = await page.locator("#ring-answer ~ ol > li").evaluateAll((tiles) => tiles.map((tile) => tile.getBoundingClientRect().x));
    const descending = (xs: number[]) => xs.every((x, i) => i === 0 || x < xs[i - 1]!);
    expect(descending(tileXs)).toBe(true);
    expect(descending(stars.map((star) => star.x))).toBe(true);

    // Nothing wider than the phone, and axe finds nothing.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    const path = new URL(page.url()).pathname;
    await context.close();

    // Somebody else opens the link: the context line keeps "5" beside "أمنيات" and the site's name isolated.
    const visitor = await newVisitor(browser, { viewport: PHONE, touch: true, locale: "ar" });
    await visitor.page.goto(path);
    const contextLine = visitor.page.locator("[data-testid=shared-context] p");
    await contextLine.waitFor();
    expect(await contextLine.locator("bdi", { hasText: SITE_NAME }).count()).toBe(1);
    const [name] = await textBoxes(contextLine, /Quantum Bell/);
    const [five] = await textBoxes(contextLine, /5/);
    const [wishWord] = await textBoxes(contextLine, /أمنيات/);
    readsInOrder(five!, wishWord!, name!);
    expect(await contextLine.innerText()).toMatch(/^شارك أحدهم دقة من Quantum Bell: 5\sأمنيات/);
    await visitor.context.close();
  });
});
