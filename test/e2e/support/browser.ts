import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { inject } from "vitest";
import { RING_FLOW } from "../../../app/domain/limits";
import { KNOWN_RINGS_STORAGE_KEY } from "../../../app/hooks/storage";

/**
 * This file's site: the one of its runner (vitest numbers runners from 1, `VITEST_POOL_ID`). Files that run at once
 * are on different runners, so no two share a site's waiting wishes or ring cooldown (ADR 0081).
 */
function ownSite() {
  const sites = inject("sites");
  return sites[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % sites.length];
}

export const baseURL = () => ownSite().baseURL;

/** The local D1 folder of this file's site, for `queryLocal`. */
export const persistDir = () => ownSite().persistDir;

/** The phone most visitors arrive on, as the journeys test it (360×800). */
export const PHONE = { width: 360, height: 800 };

/** The run's Chromium (started once by the global setup), as a connection of this file's own: closing it closes the file's contexts. */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject("chromiumEndpoint"));
}

export interface ContextOptions {
  /** Another site of the run (e.g. the IBM-configured one); the main site by default. */
  baseURL?: string;
  javaScriptEnabled?: boolean;
  reducedMotion?: "reduce" | "no-preference";
  viewport?: { width: number; height: number };
  /** The browser's language (navigator.language and Accept-Language); en-US by default. */
  locale?: string;
  /** A phone: touch events, a mobile viewport meta and coarse pointers (hasTouch + isMobile). */
  touch?: boolean;
}

/** A fresh visitor: own storage and a new device fingerprint; the browser refuses every request off this machine (CHROMIUM_FLAGS). */
export async function newVisitor(browser: Browser, options: ContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseURL(),
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    reducedMotion: options.reducedMotion ?? "reduce",
    viewport: options.viewport ?? { width: 1280, height: 900 },
    locale: options.locale ?? "en-US",
    hasTouch: options.touch ?? false,
    isMobile: options.touch ?? false,
  });
  const page = await context.newPage();
  return { context, page };
}

export function freshFingerprint(): string {
  return `e2e_${crypto.randomUUID().replaceAll("-", "")}`;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core (WCAG 2.x A/AA and best practices) in the page and returns its violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Contrast is judged on the settled page: a fade-in or a background transition caught halfway gives colours no
  // visitor reads. From here on state changes apply at once (a constructed sheet, which the CSP allows), and the
  // finite animations already running finish first. Endless ones (the live pulse, orbiting particles) keep running.
  await page.evaluate(() => {
    const settle = new CSSStyleSheet();
    settle.replaceSync("*, *::before, *::after { transition: none !important; }");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, settle];
  });
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]),
  );
  return runAxe(page, { resultTypes: ["violations"] });
}

/**
 * Runs axe-core with the given options (e.g. `{ runOnly: ["target-size"] }`) over the page, or over `context` (e.g.
 * `{ exclude: [[".some-part"]] }`), and returns its violations.
 */
export async function runAxe(page: Page, options: object, context?: object): Promise<AxeViolation[]> {
  // Injected as the page's own scripts are, with this document's nonce: the CSP refuses any inline script without it.
  await page.evaluate((source) => {
    if ((window as unknown as { axe?: unknown }).axe) return;
    const script = document.createElement("script");
    script.nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
    script.textContent = source;
    document.head.appendChild(script);
  }, axeSource);
  return page.evaluate(
    async ({ opts, ctx }) => {
      const axe = (window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run(ctx ?? document, opts);
      return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((n) => ({ target: n.target })) }));
    },
    { opts: options, ctx: context },
  );
}

/**
 * Takes a page that has just rung to its ring's page without the real-time wait: the page leaves at the spec's 8 s
 * fallback (ADR 0024), which the bell's own journeys keep in real time (bell.e2e.ts); in the others those seconds prove
 * nothing. The page's clock must have been installed before it loaded.
 */
export async function skipRingFallback(page: Page, bellRingId: string): Promise<void> {
  await ringRead(page, bellRingId);
  await page.clock.fastForward(RING_FLOW.fallbackRedirectMs);
}

/**
 * Waits until the page has read its ring's answer, not only received it: it remembers the ring in the same turn as
 * it starts the cooldown and sets the 8 s fallback, so a test may move the page's clock from here on.
 */
export async function ringRead(page: Page, bellRingId: string): Promise<void> {
  await page.waitForFunction(([key, id]) => (localStorage.getItem(key) ?? "").includes(id), [KNOWN_RINGS_STORAGE_KEY, bellRingId] as const);
}

/**
 * Waits until React has hydrated the element `selector` finds: a section that hydrates when idle (ADR 0010) is the
 * server's HTML until then, and its links and forms work as they do without JavaScript. React marks each node it
 * has taken over with a `__reactFiber$…` property.
 */
export async function waitForSectionHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((selector) => {
    const element = document.querySelector(selector);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
  }, selector);
}

/**
 * Keeps the page's browser "busy" until the test says otherwise: what `requestIdleCallback` would run waits in a queue,
 * so the sections that hydrate when idle (ADR 0010) stay as the server drew them. Call the returned function to run
 * the queue, as the browser would once idle. Install before the page loads.
 */
export async function holdIdleTime(page: Page): Promise<() => Promise<void>> {
  await page.addInitScript(() => {
    const held: (() => void)[] = [];
    Object.assign(window, {
      requestIdleCallback: (run: () => void) => held.push(run),
      __runIdle: () => held.splice(0).forEach((run) => run()),
    });
  });
  return () => page.evaluate(() => (window as unknown as { __runIdle: () => void }).__runIdle());
}

/**
 * Waits until React has hydrated the page: the header's Menu, a link to the drawer in the server's HTML, is a button
 * only once hydrated (DrawerMenu). `__remixContext` alone is written by the server and proves nothing.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector("header button[aria-controls]") !== null);
}
