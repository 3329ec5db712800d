import { expect } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { newVisitor } from "./browser";

export interface Watch {
  dialogs: string[];
  errors: string[];
}

/**
 * A visitor whose every page is watched from its first byte: dialogs (an alert() payload) are recorded and
 * dismissed, and CSP violations are collected in `window.__violations` by an init script, which runs before any of
 * the page's own scripts and is not itself subject to the page's CSP.
 */
export async function watchedVisitor(browser: Browser): Promise<{ context: BrowserContext; page: Page; watch: Watch }> {
  const { context, page } = await newVisitor(browser);
  const watch: Watch = { dialogs: [], errors: [] };
  page.on("dialog", (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("pageerror", (error) => watch.errors.push(error.message));
  await context.addInitScript(() => {
    const violations: { directive: string; blocked: string }[] = [];
    (window as unknown as { __violations: typeof violations }).__violations = violations;
    document.addEventListener("securitypolicyviolation", (event) =>
      violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI }),
    );
  });
  return { context, page, watch };
}

export const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __violations: { directive: string; blocked: string }[] }).__violations);

/** The payloads set window.__xss when they run; none may have. */
export async function expectNothingRan(page: Page, watch: Watch, where: string) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), where).toBeUndefined();
  expect(watch.dialogs, where).toEqual([]);
  // No element anywhere carries an inline handler or a javascript: source the payloads would have brought.
  const injected = await page.evaluate(() => {
    const handlers = [...document.querySelectorAll("*")].filter((element) => [...element.attributes].some((attribute) => /^on/i.test(attribute.name)));
    const sources = document.querySelectorAll(
      "img[src='x'], iframe[srcdoc], [src^='javascript:' i], [href^='javascript:' i], [action^='javascript:' i], [formaction^='javascript:' i], [data^='javascript:' i], base, x",
    );
    return handlers.length + sources.length;
  });
  expect(injected, where).toBe(0);
}
