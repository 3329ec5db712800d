import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newVisitor, runAxe } from "./support/browser";

// Issue #19's layout gate: every route at five widths, from a small phone to a large desktop. It fails on a page
// that scrolls sideways, on anything painted over the sticky header while the page scrolls, on a tap target under
// 24 px (axe's target-size) and on text cut by its own box.

const WIDTHS = [360, 412, 768, 1280, 1920] as const;
const HEIGHT = 800;
const ADMIN_PASSWORD = "quantum-bell-local-admin";

const PUBLIC_ROUTES = [
  "/",
  "/about",
  "/why",
  "/gift",
  "/cost",
  "/charity",
  "/faq",
  "/axioms",
  "/axioms/connection",
  "/entanglement",
  "/blog",
  "/blog/the-bell-is-ringing",
  "/research",
  "/research/entangling-wishes",
  "/creator",
  "/contact",
  "/newsletter",
  "/privacy",
  "/terms",
  "/cookies",
  "/ai",
  "/admin/login",
  `/mail/stop?t=${"ab".repeat(32)}`,
  "/no-such-page",
];
const ADMIN_ROUTES = ["/admin", "/admin/moderation", "/admin/messages", "/admin/outbox", "/admin/subscribers", "/admin/audit"];

interface Problem {
  check: string;
  detail: string;
}

/** A short, readable name for an element: tag, id, the start of its class and of its text. */
const DESCRIBE = `(element) => {
  const text = (element.textContent || element.getAttribute("placeholder") || "").trim().replace(/\\s+/g, " ").slice(0, 40);
  const cls = typeof element.className === "string" ? element.className.split(" ")[0] : "";
  return element.tagName.toLowerCase() + (element.id ? "#" + element.id : "") + (cls ? "." + cls : "") + (text ? ' "' + text + '"' : "");
}`;

/** Elements sticking out past the right edge, and the document's own width. */
async function sidewaysOverflow(page: Page): Promise<Problem[]> {
  return page.evaluate((describeSource) => {
    const describe = new Function(`return ${describeSource}`)() as (element: Element) => string;
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const culprits: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      const rect = element.getBoundingClientRect();
      if (rect.width > 0 && rect.right > width + 1 && !(element.parentElement && element.parentElement.getBoundingClientRect().right > width + 1)) {
        culprits.push(`${describe(element)} reaches ${Math.round(rect.right)} px`);
      }
    }
    return [{ check: "sideways scroll", detail: `the page is ${document.documentElement.scrollWidth} px wide in ${width} px; ${culprits.slice(0, 5).join("; ")}` }];
  }, DESCRIBE);
}

/** Hit-tests a grid of points inside the sticky header: the topmost element at each must belong to it. */
async function paintedOverHeader(page: Page): Promise<Problem[]> {
  return page.evaluate((describeSource) => {
    const describe = new Function(`return ${describeSource}`)() as (element: Element) => string;
    const header = document.querySelector("body > header, header:has(nav[aria-label='Main'])");
    if (!header) return [{ check: "header", detail: "no site header" }];
    const box = header.getBoundingClientRect();
    const found = new Set<string>();
    for (let x = 4; x < box.width; x += Math.max(24, box.width / 40)) {
      for (const y of [box.top + 4, box.top + box.height / 2, box.bottom - 4]) {
        const top = document.elementFromPoint(x, y);
        if (top && !header.contains(top) && !top.closest("[role=dialog], dialog")) found.add(describe(top));
      }
    }
    return [...found].map((detail) => ({ check: "painted over the header", detail }));
  }, DESCRIBE);
}

/** Text cut by its own box: content wider or taller than an element that hides its overflow. */
async function clippedText(page: Page): Promise<Problem[]> {
  return page.evaluate((describeSource) => {
    const describe = new Function(`return ${describeSource}`)() as (element: Element) => string;
    const problems: { check: string; detail: string }[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      if (rect.width <= 2 || rect.height <= 2 || style.visibility === "hidden") continue;
      // Visually hidden helpers (1 px boxes) and the map's own panes are clipped on purpose.
      if (element.closest(".leaflet-container")) continue;
      const isField = element instanceof HTMLInputElement && /^(text|email|search|tel|url|)$/.test(element.type);
      if (isField) {
        const placeholder = element.placeholder;
        if (!placeholder || element.value) continue;
        const probe = document.createElement("span");
        probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.font};letter-spacing:${style.letterSpacing}`;
        probe.textContent = placeholder;
        document.body.appendChild(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (needed > room + 1) problems.push({ check: "clipped text", detail: `${describe(element)}: placeholder needs ${Math.ceil(needed)} px, has ${Math.floor(room)} px` });
        continue;
      }
      const hides = /hidden|clip/.test(style.overflowX) || /hidden|clip/.test(style.overflowY);
      if (!hides || style.textOverflow === "ellipsis") continue;
      const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      if (!ownText) continue;
      if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1) {
        problems.push({ check: "clipped text", detail: `${describe(element)}: content ${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight}` });
      }
    }
    return problems;
  }, DESCRIBE);
}

/** Loads a route ready to be judged: fonts in, and on map pages the map drawn (it loads as it nears the screen). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: "load" });
  await page.evaluate(() => document.fonts.ready);
  const map = page.locator("[role=region][aria-label*='map' i]");
  if ((await map.count()) > 0) {
    await map.first().scrollIntoViewIfNeeded();
    await page.locator(".leaflet-marker-icon").first().waitFor({ timeout: 20_000 });
  }
}

async function problemsOf(page: Page): Promise<Problem[]> {
  const problems = [...(await sidewaysOverflow(page)), ...(await clippedText(page))];
  const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  for (const share of [0.25, 0.5, 0.75, 1]) {
    await page.evaluate((y) => window.scrollTo(0, y), Math.round(scrollable * share));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    problems.push(...(await paintedOverHeader(page)));
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  // The map's markers are included: neighbours that would overlap are clustered, so each is a whole 24 px target.
  for (const violation of await runAxe(page, { runOnly: ["target-size"], resultTypes: ["violations"] })) {
    for (const node of violation.nodes) problems.push({ check: "target under 24 px", detail: node.target.join(" ") });
  }
  return [...new Map(problems.map((problem) => [`${problem.check}|${problem.detail}`, problem])).values()];
}

let browser: Browser;
let ringPath = "";
beforeAll(async () => {
  browser = await launchBrowser();
  const history = (await (await fetch(`${baseURL()}/api/bell/history?pageSize=1`)).json()) as { history: { id: string }[] };
  ringPath = `/bell/${history.history[0].id}`;
});
afterAll(async () => {
  await browser?.close();
});

interface Route {
  name: string;
  path: () => string;
  admin?: boolean;
  physics?: boolean;
}
const ROUTES: Route[] = [
  ...PUBLIC_ROUTES.map((path) => ({ name: path, path: () => path })),
  { name: "a ring's result page, with its physics open", path: () => ringPath, physics: true },
  ...ADMIN_ROUTES.map((path) => ({ name: `${path} (signed in)`, path: () => path, admin: true })),
];

// One visitor's tab loads each route once, at the narrowest width, and is then widened step by step: a page must
// hold at every width it is resized to as well as at the one it loaded at (a phone turned sideways, a window widened),
// and 29 loads instead of 145 keep the gate under a minute.
let context: BrowserContext;
let page: Page;
let loaded = "";
let signedIn = false;
beforeAll(async () => {
  ({ context, page } = await newVisitor(browser, { viewport: { width: WIDTHS[0], height: HEIGHT } }));
});
afterAll(async () => {
  await context?.close();
});

async function load(route: Route): Promise<void> {
  if (route.admin && !signedIn) {
    await page.goto("/admin/login");
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await Promise.all([page.waitForURL(/\/admin(?!\/login)/), page.getByRole("button", { name: "Sign in" }).click()]);
    signedIn = true;
  }
  await open(page, route.path());
  if (route.admin) expect(new URL(page.url()).pathname).toBe(route.path());
  if (route.physics) await page.getByText("See the physics").click();
  loaded = route.name;
}

describe.each(ROUTES)("$name", (route) => {
  it.each(WIDTHS)("at %i px", async (width) => {
    await page.setViewportSize({ width, height: HEIGHT });
    // A route is loaded at the first width; a test that runs alone (or after a failure) loads its own.
    if (loaded !== route.name) await load(route);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await problemsOf(page)).toEqual([]);
  });
});
