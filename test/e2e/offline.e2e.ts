import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newVisitor } from "./support/browser";

/**
 * No test reaches the internet: the run's Chromium sends every request for another host to a proxy that is not
 * there (scripts/lib/chromium.mjs, ADR 0082). On a machine with no network a request that did leave would fail too,
 * but with another error (the name not resolved, the address unreachable), so the error itself is the proof.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ELSEWHERE = ["http://example.com/", "https://example.com/", "https://tile.openstreetmap.org/0/0/0.png", "http://93.184.215.14/", "https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/"];

describe("the journeys' browser", () => {
  it.each(ELSEWHERE)("refuses %s before it leaves the machine", async (url) => {
    const { context, page } = await newVisitor(browser);
    const failure = await page.goto(url).then(
      () => "reached",
      (error: Error) => error.message,
    );
    expect(failure).toContain("net::ERR_PROXY_CONNECTION_FAILED");
    await context.close();
  });

  it("refuses a WebSocket to another host before it leaves the machine", async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto("about:blank");
    const failed = new Promise<string>((resolve) => page.on("websocket", (socket) => socket.on("socketerror", resolve)));
    await page.evaluate(() => void new WebSocket("wss://example.com/"));
    expect(await failed).toContain("net::ERR_PROXY_CONNECTION_FAILED");
    await context.close();
  });

  it("reaches the site under test by 127.0.0.1 and by localhost", async () => {
    const { context, page } = await newVisitor(browser);
    const site = new URL(baseURL());
    for (const host of ["127.0.0.1", "localhost"]) {
      const response = await page.goto(`http://${host}:${site.port}/api/infrastructure/health`);
      expect(response?.status(), host).toBe(200);
    }
    await context.close();
  });

  // ADR 0089: Chromium builds each new window's omnibox drop-down as a page of browser UI in a renderer of its own,
  // about 0.5 s of CPU for every fresh visitor; the run's flags turn it off. A Chromium that renamed the features
  // would bring it back unnoticed but for this.
  it("opens no omnibox popup beside a fresh visitor's page", async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto("/api/infrastructure/health");
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = (await session.send("Target.getTargets", { filter: [{}] })) as { targetInfos: { type: string; url: string }[] };
    await session.detach();
    expect(targetInfos.filter((target) => target.url.startsWith("http://127.0.0.1")).length).toBeGreaterThan(0);
    expect(targetInfos.filter((target) => target.type === "browser_ui").map((target) => target.url)).toEqual([]);
    await context.close();
  });
});
