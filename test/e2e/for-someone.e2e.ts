import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOR_NAME_LABEL, FOR_RANG, FOR_WAITING } from "../../app/domain/messages";
import { axeViolations, baseURL, freshFingerprint, launchBrowser, newVisitor, waitForHydration, PHONE } from "./support/browser";

// Issue 36, "ring a bell for someone", in real Chromium: a wish written for Maria gives its writer a link; Maria opens
// it in her own browser, sees the page addressed to her, and sees the wish's ring arrive there without reloading.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = join(import.meta.dirname, "..", "..", ".tmp", "screens");

describe("a wish for someone", () => {
  it("reaches them by its link, and their page shows the ring when it rings", { timeout: 120_000 }, async () => {
    const writer = await newVisitor(browser, { viewport: PHONE });
    await writer.page.goto("/");
    await waitForHydration(writer.page);
    await writer.page.getByRole("textbox", { name: "Your wish" }).fill("May your new city feel like home by spring");
    await writer.page.getByLabel(FOR_NAME_LABEL).fill("Maria");
    await writer.page.getByRole("textbox", { name: "Your name" }).fill("Alex");
    const sent = writer.page.waitForResponse((response) => new URL(response.url()).pathname === "/api/wishes" && response.request().method() === "POST");
    await writer.page.getByRole("button", { name: "Send Wish" }).click();
    const { wishId, forPath } = (await (await sent).json()) as { wishId: string; forPath: string };
    expect(forPath).toMatch(/^\/for\/[A-Za-z0-9_-]{22}$/);

    // The writer is handed the link: the share sheet where the browser has one, else WhatsApp, Telegram and a copy.
    const panel = writer.page.getByTestId("for-someone-share");
    await panel.waitFor({ timeout: 20_000 });
    const link = await panel.getByRole("link", { name: /\/for\// }).getAttribute("href");
    expect(link).toBe(`${baseURL()}${forPath}`);
    const hasSheet = await writer.page.evaluate(() => typeof navigator.share === "function");
    if (hasSheet) expect(await panel.getByRole("button", { name: "Send the link" }).count()).toBe(1);
    else {
      expect(await panel.getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toContain(encodeURIComponent(link!));
      expect(await panel.getByRole("link", { name: "Telegram" }).getAttribute("href")).toContain(encodeURIComponent(link!));
      expect(await panel.getByRole("button", { name: "Copy the link" }).count()).toBe(1);
    }
    mkdirSync(SHOTS, { recursive: true });
    await panel.scrollIntoViewIfNeeded();
    await writer.page.screenshot({ path: join(SHOTS, "for-share-360.png") });

    // Maria, in a browser of her own.
    const maria = await newVisitor(browser, { viewport: { width: 1920, height: 1080 } });
    await maria.page.goto(link!);
    await waitForHydration(maria.page);
    await maria.page.getByRole("heading", { name: "For Maria" }).waitFor();
    expect(await maria.page.getByText("Alex wished this for you").count()).toBe(1);
    expect(await maria.page.getByText(FOR_WAITING).count()).toBe(1);
    expect(await axeViolations(maria.page)).toEqual([]);
    await maria.page.screenshot({ path: join(SHOTS, "for-page-1920.png"), fullPage: true });

    // Someone rings (here through the API, as a stranger) until a ring takes this wish.
    let ringId = "";
    await expect
      .poll(
        async () => {
          const response = await fetch(`${baseURL()}/api/bell/ring`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Origin: baseURL() },
            body: JSON.stringify({ wishIds: [wishId], deviceFingerprint: freshFingerprint() }),
          });
          const ring = (await response.json()) as { bellRingId?: string; data?: { batches: { wishIds: string[] }[] } };
          if (response.status === 200 && ring.data?.batches[0]?.wishIds.includes(wishId)) ringId = ring.bellRingId ?? "";
          return ringId !== "";
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);

    // The ring arrives on Maria's open page, without a reload.
    await maria.page.getByText(FOR_RANG).waitFor({ timeout: 30_000 });
    expect(await maria.page.getByRole("link", { name: "See the whole ring" }).getAttribute("href")).toBe(`/bell/${ringId}`);
    expect(await axeViolations(maria.page)).toEqual([]);
    await maria.page.setViewportSize(PHONE);
    await maria.page.screenshot({ path: join(SHOTS, "for-page-rung-360.png"), fullPage: true });
    const sideways = await maria.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(sideways).toBe(false);
    await writer.context.close();
    await maria.context.close();
  });
});
