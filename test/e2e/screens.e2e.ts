import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verseText } from "../../app/domain/verse/verse";
import { queryLocal } from "../../scripts/lib/wrangler.mjs";
import { baseURL, launchBrowser, newVisitor, persistDir, waitForHydration } from "./support/browser";
import { PROJECT_FONT_FAMILIES } from "../../scripts/lib/test-fonts.mjs";
import { expectScreenshot } from "./support/screenshots";

// What visitors see at a phone's width and a laptop's, compared with committed baselines (support/screenshots.ts).
// Whatever changes from run to run (counters, the newest wishes, the pending count) is masked; the ring page is a
// ring written here with fixed words, times and results, so all of it is compared.

const WIDTHS = [
  { name: "phone", viewport: { width: 412, height: 915 } },
  { name: "laptop", viewport: { width: 1280, height: 900 } },
] as const;

const RING_ID = "screenshot-ring";
const BITSTRING = "101";
const RUNG_AT = Date.UTC(2026, 0, 15, 9, 30);
const WISHES = [
  { name: "Mira", country: "Japan", code: "JP", text: "May every harbour light guide someone home tonight." },
  { name: null, country: "South Africa", code: "ZA", text: "I wish for patience between neighbours who disagree." },
  { name: "Tomás", country: "Chile", code: "CL", text: "Let the children of the valley grow up without fear." },
];

const quote = (value: string | number | null) => (value === null ? "NULL" : typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`);

function writeFixedRing() {
  const counts = JSON.stringify({ "101": 44, "100": 21, "001": 17, "111": 9, "000": 5, "110": 3, "011": 1 });
  const statements = [
    `INSERT INTO bell_rings (id, created_at, virtual, rung_by_hash, provider, backend, job_id, status, attempts, bitstring, counts, poem, usage_seconds, completed_at) VALUES (${[
      quote(RING_ID), RUNG_AT, 0, quote("screenshot"), quote("simulator"), quote("simulator"), quote("screenshot-job"), quote("completed"), 1,
      quote(BITSTRING), quote(counts), quote(verseText({ bitstring: BITSTRING, counts: JSON.parse(counts) as Record<string, number>, wishes: WISHES.map((wish) => ({ theme: "Peace", countryCode: wish.code })) }, "en")), 0, RUNG_AT + 2_000,
    ].join(", ")})`,
    ...WISHES.map((wish, index) =>
      `INSERT INTO wishes (id, text, name, email, country, country_code, location, theme, status, bell_ring_id, fingerprint_hash, resonance_count, created_at) VALUES (${[
        quote(`screenshot-wish-${index + 1}`), quote(wish.text), quote(wish.name), "NULL", quote(wish.country), quote(wish.code), quote(wish.country),
        quote("Peace"), quote("entangled"), quote(RING_ID), quote(`screenshot-${index}`), 0, RUNG_AT - 600_000 + index * 60_000,
      ].join(", ")})`,
    ),
  ];
  queryLocal(statements.join(";\n"), persistDir());
}

let browser: Browser;
beforeAll(async () => {
  writeFixedRing();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openHome(page: Page) {
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate(() => document.fonts.ready);
}

/**
 * What follows the data of the moment is taken out before the picture is taken: the bell's status, its button's
 * label, the batch and credit notes and the particles (one per pending wish) go; the ring's message (how many wishes)
 * and its bar keep their place but are not drawn. The counters are masked.
 */
const STEADY = [
  "#bell-ringer p:not([role=status] p), #bell-ringer button, #bell-ringer span[aria-hidden='true'] { display: none !important; }",
  // The message names how many wishes ring, which other files change: one line, whatever its length.
  "#bell-ringer [role=status] p:nth-of-type(2), #bell-ringer [role=status] progress { visibility: hidden !important; white-space: nowrap !important; }",
].join("\n");
const masks = (page: Page): Locator[] => [page.getByRole("region", { name: "The bell in numbers" })];

describe.each(WIDTHS)("screens at $viewport.width px", ({ name, viewport }) => {
  it("the home page, above the fold", async () => {
    const { context, page } = await newVisitor(browser, { viewport });
    await openHome(page);
    expectScreenshot(`home-${name}`, await page.screenshot({ animations: "disabled", mask: masks(page), style: STEADY }));
    await context.close();
  });

  it("the ring sequence: the bell and its progress as one full-screen moment (issue 35)", { timeout: 60_000 }, async () => {
    const { context, page } = await newVisitor(browser, { viewport });
    const wish = await page.request.post("/api/wishes", {
      headers: { Origin: baseURL() },
      data: { wish: "May the quiet of this evening reach every restless heart", deviceFingerprint: `e2e_${crypto.randomUUID().replaceAll("-", "")}` },
    });
    if (wish.status() !== 201) throw new Error(`The wish was refused: ${await wish.text()}`);
    await openHome(page);
    const button = page.locator("#bell-ringer button");
    await page.waitForFunction(() => /^Ring Bell/.test(document.querySelector("#bell-ringer button")?.textContent ?? ""), undefined, { timeout: 30_000 });
    await button.click();
    await page.locator("#bell-ringer [role=status]").getByText("Processing").waitFor({ timeout: 20_000 });
    expectScreenshot(`ring-sequence-${name}`, await page.screenshot({ animations: "disabled", style: STEADY }));
    await context.close();
  });

  it("a ring's result page", async () => {
    const { context, page } = await newVisitor(browser, { viewport });
    await page.goto(`/bell/${RING_ID}`);
    await page.evaluate(() => document.fonts.ready);
    // What hydration adds is part of the picture: the Copy link button, and under each drawing too wide for the
    // phone the line that says so (SidewaysScroller). Taken before them, the page is 52 px shorter.
    await waitForHydration(page);
    await page.waitForFunction(() =>
      [...document.querySelectorAll("#main article [role=group][tabindex='0']")].every((box) => {
        const cut = box.scrollWidth > box.clientWidth + 1;
        const hinted = box.nextElementSibling?.tagName === "P" && box.nextElementSibling.getAttribute("aria-hidden") === "true";
        return cut === hinted;
      }),
    );
    // The ring's own article, clipped from the whole page (so the sticky header stays at the top instead of over it):
    // #main stretches (flex: 1) with whatever else the page holds, which is not what this screenshot guards.
    const main = await page.locator("#main article").first().evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { x: 0, y: box.top + window.scrollY, width: document.documentElement.clientWidth, height: box.height };
    });
    expectScreenshot(`ring-page-${name}`, await page.screenshot({ fullPage: true, clip: main, animations: "disabled" }));
    await context.close();
  });
});

// The pictures above hold on any machine only while the test Chromium draws with the project's fonts: a machine with
// Debian's Noto or DejaVu fonts must not change a pixel (scripts/lib/test-fonts.mjs, ADR 0120).
describe("the fonts the screenshots are drawn with", () => {
  it.each(["/", "/ar", "/zh", "/hi"])("%s draws every text with the project's fonts, none of the machine's", async (path) => {
    const { context, page } = await newVisitor(browser);
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);
    const cdp = await context.newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const families = new Set<string>();
    for (const selector of ["h1", "#main p", "#main h2", "nav a", "button"]) {
      const { nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector });
      for (const nodeId of nodeIds.slice(0, 6)) {
        const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
        for (const font of fonts) families.add(font.familyName);
      }
    }
    expect(families.size).toBeGreaterThan(0);
    expect([...families].filter((family) => !PROJECT_FONT_FAMILIES.includes(family))).toEqual([]);
    await context.close();
  });
});
