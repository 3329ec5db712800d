import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { YOUR_WISH_WITHDRAW, YOUR_WISH_WITHDRAW_YES, YOUR_WISH_WITHDRAWN } from "../../app/domain/messages";
import { baseURL, launchBrowser, newVisitor, skipRingFallback, waitForHydration, waitForSectionHydration } from "./support/browser";

// Issue 34: a visitor does what visitors do, then everything the browser kept and every origin it contacted is
// listed; /cookies must name every key and cookie, /privacy every origin that is not the site's own. A new key or a
// new third party without a sentence on those pages fails here.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page) => page.locator("section[aria-labelledby=your-wish-title]");

async function storageKeys(page: Page): Promise<{ local: string[]; session: string[] }> {
  return page.evaluate(() => ({ local: Object.keys(window.localStorage), session: Object.keys(window.sessionStorage) }));
}

async function mainText(path: string): Promise<string> {
  const html = await (await fetch(`${baseURL()}${path}`)).text();
  return html.slice(html.indexOf("<main"), html.indexOf("</main>"));
}

describe("what the browser keeps and whom it talks to", () => {
  it("is all named on /cookies and /privacy", { timeout: 180_000 }, async () => {
    const { context, page } = await newVisitor(browser, { viewport: { width: 1280, height: 900 } });
    const origins = new Set<string>();
    // Every request the pages start counts, including those the test harness refuses to let leave this machine.
    context.on("request", (request) => {
      const url = new URL(request.url());
      if (url.protocol === "http:" || url.protocol === "https:" || url.protocol === "ws:" || url.protocol === "wss:") origins.add(url.origin);
    });
    const keys = { local: new Set<string>(), session: new Set<string>() };
    const collect = async () => {
      const found = await storageKeys(page);
      found.local.forEach((key) => keys.local.add(key));
      found.session.forEach((key) => keys.session.add(key));
    };
    await context.grantPermissions(["geolocation"], { origin: baseURL() });
    await context.setGeolocation({ latitude: 48.856613, longitude: 2.352222 });

    // A wish with a location from the device. The page's clock lets the ring below skip its 8 s wait (ADR 0088).
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    // The position leaves the browser only rounded to 0.1° (ADR 0040): in the look-up's URL and in the wish.
    const lookedUp = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/reverse-geocode");
    await page.getByRole("button", { name: "Detect my country" }).click();
    expect(Object.fromEntries(new URL((await lookedUp).url()).searchParams)).toEqual({ lat: "48.9", lon: "2.4" });
    await expect.poll(() => page.locator("#wish-form-country").inputValue(), { timeout: 15_000 }).not.toBe("");
    await page.getByRole("textbox", { name: "Your wish" }).fill("May the bridges of every city carry only friends");
    const sent = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/wishes" && response.request().method() === "POST");
    await page.getByRole("button", { name: "Send Wish" }).click();
    const submitted = await sent;
    expect(submitted.status()).toBe(201);
    expect(submitted.request().postDataJSON()).toMatchObject({ lat: 48.9, lon: 2.4 });
    await card(page).waitFor();

    // A resonance with a wish on the Wall.
    await waitForSectionHydration(page, "#wish-wall article button");
    const resonated = page.waitForResponse((response) => /\/api\/wishes\/[^/]+\/resonate$/.test(new URL(response.url()).pathname));
    await page.locator("#wish-wall").getByRole("button", { name: /^Resonate/ }).first().click();
    expect((await resonated).ok()).toBe(true);

    // A ring of the bell.
    await page.waitForFunction(() => document.querySelector("#bell-ringer button")?.getAttribute("aria-disabled") === "false", undefined, { timeout: 30_000 });
    const rang = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/bell/ring");
    await page.locator("#bell-ringer button").first().click();
    const ring = await rang;
    expect([200, 429]).toContain(ring.status());
    if (ring.status() === 200) {
      await skipRingFallback(page, ((await ring.json()) as { bellRingId: string }).bellRingId);
      await page.waitForURL(/\/bell\//);
    }

    // A dialog.
    await page.getByRole("button", { name: "How it works" }).click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await collect();

    // The visitor withdraws their own wish from its card.
    await page.goto("/");
    await waitForHydration(page);
    await card(page).getByRole("button", { name: YOUR_WISH_WITHDRAW }).click();
    const withdrawn = page.waitForResponse((response) => response.request().method() === "DELETE");
    await card(page).getByRole("button", { name: YOUR_WISH_WITHDRAW_YES }).click();
    expect((await withdrawn).status()).toBe(200);
    await page.getByText(YOUR_WISH_WITHDRAWN).waitFor();
    await collect();

    // The map, and the newsletter.
    await page.goto("/entanglement");
    await page.locator(".leaflet-countries-pane path").nth(150).waitFor();
    await page.locator(".leaflet-container[data-tiles]").waitFor();
    const footer = page.locator("footer");
    await footer.getByLabel("Email address").fill(`journey-${crypto.randomUUID()}@example.org`);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await footer.getByText("Almost there").waitFor();
    await collect();

    // Another language, from the switcher.
    await page.locator("header details summary").click();
    await page.getByRole("link", { name: "Français" }).click();
    await page.waitForURL(/\/fr\/entanglement$/);
    await waitForHydration(page);
    await collect();

    const cookies = (await context.cookies()).map((cookie) => cookie.name);
    await context.close();

    const cookiesPage = await mainText("/cookies");
    const privacyPage = await mainText("/privacy");
    const named = [...cookies, ...keys.local, ...keys.session];
    // What this journey is expected to find at least: a test that saw nothing would prove nothing.
    expect(cookies).toContain("qb_lang");
    expect([...keys.local]).toEqual(expect.arrayContaining(["quantum-bell.device-fingerprint", "quantum-bell.resonated", "quantum-bell.last-wish-id", "quantum-bell.your-wish-hidden"]));
    for (const key of named) expect(cookiesPage, `/cookies names ${key}`).toContain(`<code>${key}</code>`);

    const own = new URL(baseURL()).host;
    const foreign = [...origins].map((origin) => new URL(origin)).filter((url) => url.host !== own);
    expect(foreign.map((url) => url.host)).toContain("tile.openstreetmap.org");
    for (const url of foreign) expect(privacyPage, `/privacy names ${url.host}`).toContain(url.host);
    console.log(`Journey kept cookies ${cookies.join(", ")}; localStorage ${[...keys.local].join(", ")}; sessionStorage ${[...keys.session].join(", ") || "none"}; other origins ${foreign.map((url) => url.host).join(", ")}`);
  });
});
