import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { copyDatabase, startServer, stopServer } from "../../scripts/lib/wrangler.mjs";
import { freePort } from "./support/global-setup";
import { freshFingerprint, launchBrowser, newVisitor } from "./support/browser";

// The site as production configures it (issue 33): SITE_URL an https origin that is not the address the harness
// serves it on. Every absolute link the site writes must name that origin, never the address it was reached at.
const SITE_URL = "https://bell.quantum-peace.org";
const ADMIN_PASSWORD = "quantum-bell-local-admin";

let browser: Browser;
let server: ReturnType<typeof startServer>;
let base: string;
let persistDir: string;

beforeAll(async () => {
  persistDir = mkdtempSync(join(tmpdir(), "quantum-bell-e2e-production-"));
  copyDatabase(inject("seededDatabase"), persistDir);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // Its own inspector port: another file may be starting a server at the same moment (ADR 0081).
  server = startServer({ port, persistTo: persistDir, vars: { SITE_URL, IP_DAILY_WISH_LIMIT: "100000" }, args: ["--inspector-port", String(await freePort())] });
  await server.ready;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  stopServer(server?.child);
  if (persistDir) rmSync(persistDir, { recursive: true, force: true });
});

describe("with production-shaped settings (an https SITE_URL)", () => {
  it("gives pages canonical links and share cards on SITE_URL", async () => {
    const { context, page } = await newVisitor(browser, { baseURL: base });
    for (const path of ["/", "/about", "/fr/faq"]) {
      await page.goto(path);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(canonical?.replace(/\/$/, ""), path).toBe(`${SITE_URL}${path}`.replace(/\/$/, ""));
      const images = await page.locator('meta[property="og:image"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute("content")));
      expect(images.length, path).toBeGreaterThan(0);
      for (const image of images) expect(image, path).toMatch(new RegExp(`^${SITE_URL}/og\\b`));
      expect(await page.locator('meta[property="og:url"]').getAttribute("content"), path).toMatch(new RegExp(`^${SITE_URL}`));
      // Every absolute address in the head (alternates, Open Graph, Twitter, JSON-LD) is on SITE_URL.
      const head = await page.locator("head").innerHTML();
      const ours = [...head.matchAll(/https?:\/\/[^"'\s<>\\]+/g)].map((match) => match[0]).filter((url) => !url.startsWith("https://schema.org"));
      expect(ours.length, path).toBeGreaterThan(2);
      for (const url of ours) expect(url.startsWith(SITE_URL), `${path}: ${url}`).toBe(true);
    }
    await context.close();
  });

  it("lists SITE_URL addresses in the sitemap and robots.txt", async () => {
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations.length).toBeGreaterThan(10);
    for (const location of locations) expect(location.startsWith(`${SITE_URL}/`) || location === SITE_URL).toBe(true);
    expect(await (await fetch(`${base}/robots.txt`)).text()).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });

  it("writes mail whose links open SITE_URL", async () => {
    const submitted = await fetch(`${base}/api/wishes`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ wish: "May the harbour towns keep their peace", deviceFingerprint: freshFingerprint(), email: "copy@example.org" }),
    });
    expect(submitted.status).toBe(201);
    const { context, page } = await newVisitor(browser, { baseURL: base });
    await page.goto("/admin/login");
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await page.goto("/admin/outbox");
    const mail = page.locator("details").filter({ hasText: "May the harbour towns keep their peace" }).first();
    await mail.locator("summary").click();
    const body = await mail.locator("pre").innerText();
    const links = body.match(/https?:\/\/\S+/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(SITE_URL), link).toBe(true);
    expect(body).toContain(`${SITE_URL}/mail/stop?t=`);
    await context.close();
  });
});
