import { english } from "../support/english";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryLocal } from "../../scripts/lib/wrangler.mjs";
import { verseText } from "../../app/domain/verse/verse";
import { BATCH_FAILED, BELL_JUST_RANG_LINK, creditsLow, bellJustRang, RING_BY_FELLOW_DREAMER } from "../../app/domain/messages";
import { axeViolations, baseURL, freshFingerprint, launchBrowser, newVisitor, persistDir, waitForHydration } from "./support/browser";
import { fakeRoom } from "./support/fake-room";
import { uniqueWord } from "../support/unique-words";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The page's requests for route data (`.data`) and, with `api`, to the JSON API: what a socket message may cost. */
function askedOf(page: Page, { api = false } = {}): string[] {
  const asked: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(".data") || (api && pathname.startsWith("/api/"))) asked.push(pathname);
  });
  return asked;
}

/**
 * How many requests the page has made once it made `atLeast`, moving its clock on by `stepMs` at a time, for at most
 * `withinMs` of the page's own time. Bounded by the page's time, not the machine's: on a busy machine each step takes
 * longer, and the page still gets every step it needs (a poll with a real-time limit saw none in time there).
 */
async function clockedCount(page: Page, requests: string[], { stepMs, withinMs, atLeast = 1 }: { stepMs: number; withinMs: number; atLeast?: number }) {
  for (let elapsed = 0; requests.length < atLeast && elapsed < withinMs; elapsed += stepMs) await page.clock.runFor(stepMs);
  return requests.length;
}

/**
 * A visitor on the home page whose socket is the test's fake room and whose clock the test steps, loaded and idle:
 * `asked` holds what the page requests from then on (route data, and the API with `api`).
 */
async function homeOnFakeRoom({ api = false } = {}) {
  const { context, page } = await newVisitor(browser);
  const room = await fakeRoom(page);
  const asked = askedOf(page, { api });
  const healthChecks: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/infrastructure/health") healthChecks.push(request.url());
  });
  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page);
  await room.connected();
  // The health check runs once the page is idle, on the page's clock: waited for, so it is not taken for a read the
  // test is about (on a quiet machine it came after the test had started counting).
  expect(await clockedCount(page, healthChecks, { stepMs: 500, withinMs: 10_000 })).toBe(1);
  await page.waitForLoadState("networkidle");
  asked.length = 0;
  return { context, page, room, asked };
}

async function post<T>(path: string, body: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`${baseURL()}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: baseURL() }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as T };
}

describe("when someone else rings the bell (ADR 0023)", () => {
  it("takes the visitor whose wish rang to its ring after 3 s, and offers everyone else a link", { timeout: 60_000 }, async () => {
    // The wish's writer rings for it, so the ring takes it (a ring takes its ringer's own wish, then the oldest others).
    const writer = freshFingerprint();
    const made = await post<{ wishId: string }>("/api/wishes", { wish: "May the night trains bring everyone home safely", deviceFingerprint: writer });
    expect(made.status).toBe(201);

    const dreamer = await newVisitor(browser);
    await dreamer.context.addInitScript((id) => localStorage.setItem("quantum-bell.last-wish-id", id), made.json.wishId);
    // When the page told the visitor and when it moved, timed in the page itself: a busy machine delays what the
    // test sees of each, not the page's own clock.
    await dreamer.context.addInitScript((sentence) => {
      const times: { told?: number; moved?: number } = {};
      (window as unknown as { ringTimes: typeof times }).ringTimes = times;
      new MutationObserver(() => {
        if (times.told === undefined && document.body?.textContent?.includes(sentence)) times.told = performance.now();
      }).observe(document, { subtree: true, childList: true, characterData: true });
      (window as unknown as { navigation: EventTarget }).navigation.addEventListener("navigate", (event) => {
        if (new URL((event as unknown as { destination: { url: string } }).destination.url).pathname.startsWith("/bell/")) times.moved ??= performance.now();
      });
    }, RING_BY_FELLOW_DREAMER);
    const onlooker = await newVisitor(browser, { viewport: { width: 412, height: 915 } });
    // Each page's socket is open once the room's presence count (sent to every socket within a second of a join)
    // reaches it, so the ring below cannot be missed.
    const listening = (page: typeof dreamer.page) =>
      page.waitForEvent("websocket", { predicate: (socket) => socket.url().endsWith("/ws") }).then((socket) => socket.waitForEvent("framereceived"));
    const ready = Promise.all([listening(dreamer.page), listening(onlooker.page)]);
    await Promise.all([dreamer.page.goto("/faq"), onlooker.page.goto("/about")]);
    await ready;

    let ringId = "";
    let rungWishes = 0;
    await expect
      .poll(
        async () => {
          const ring = await post<{ bellRingId?: string; data?: { batches: { wishIds: string[] }[] } }>("/api/bell/ring", { wishIds: [made.json.wishId], deviceFingerprint: writer });
          ringId = ring.json.bellRingId ?? "";
          rungWishes = ring.json.data?.batches[0]?.wishIds.length ?? 0;
          return ring.status;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(200);

    const notice = onlooker.page.getByRole("status").filter({ hasText: bellJustRang(english, rungWishes) });
    await notice.waitFor({ timeout: 10_000 });
    const link = notice.getByRole("link", { name: BELL_JUST_RANG_LINK });
    expect(await link.getAttribute("href")).toBe(`/bell/${ringId}`);
    expect(new URL(onlooker.page.url()).pathname).toBe("/about");
    expect(await axeViolations(onlooker.page)).toEqual([]);

    await dreamer.page.getByRole("status").filter({ hasText: RING_BY_FELLOW_DREAMER }).waitFor({ timeout: 10_000 });
    await dreamer.page.waitForURL(`**/bell/${ringId}`, { timeout: 10_000 });
    const { told, moved } = await dreamer.page.evaluate(() => (window as unknown as { ringTimes: { told: number; moved: number } }).ringTimes);
    expect(moved - told).toBeGreaterThanOrEqual(2_000);

    await link.click();
    await onlooker.page.waitForURL(`**/bell/${ringId}`);
    await dreamer.context.close();
    await onlooker.context.close();
  });
});

describe("the pending wishes' 10 s poll (issue 23)", () => {
  it("runs only while the socket is down", { timeout: 60_000 }, async () => {
    const { context, page } = await newVisitor(browser);
    // The socket is the test's own: open and silent, then closed by the server and refused from then on.
    let server: { close: (options?: { code?: number; reason?: string }) => Promise<void> } | undefined;
    let refuse = false;
    await page.routeWebSocket(/\/ws$/, (ws) => {
      if (refuse) void ws.close({ code: 1011, reason: "down" });
      else server = ws;
    });
    const reloads = askedOf(page);
    await page.clock.install();
    await page.goto("/");
    await expect.poll(() => server !== undefined).toBe(true);
    await page.clock.runFor(1_000);
    reloads.length = 0;

    await page.clock.runFor(35_000);
    expect(reloads).toEqual([]);

    refuse = true;
    await server!.close({ code: 1011, reason: "down" });
    // The page learns the socket is down on its own time; the clock moves on in steps until the poll reads.
    expect(await clockedCount(page, reloads, { stepMs: 1_000, withinMs: 60_000 })).toBeGreaterThan(0);
    await context.close();
  });
});

describe("a waiting ring's page (issue 23)", () => {
  it("shows the result the socket brings, without asking the server", { timeout: 60_000 }, async () => {
    // A ring still waiting for its result, with two wishes, as the room stores one.
    const id = `live-ring-${crypto.randomUUID()}`;
    const rungAt = Date.now() - 5_000;
    queryLocal(
      [
        `INSERT INTO bell_rings (id, created_at, virtual, rung_by_hash, provider, status, attempts) VALUES ('${id}', ${rungAt}, 0, 'live', 'simulator', 'queued', 0)`,
        ...[1, 2].map(
          (n) =>
            `INSERT INTO wishes (id, text, name, email, country, country_code, location, theme, status, bell_ring_id, fingerprint_hash, resonance_count, created_at) VALUES ('${id}-wish-${n}', 'May the lighthouse keepers sleep well, wish ${n}', NULL, NULL, 'Chile', 'CL', 'Chile', 'Peace', 'submitted_for_batching', '${id}', 'live-${n}', 0, ${rungAt - 1_000})`,
        ),
      ].join(";\n"),
      persistDir(),
    );
    const { context, page } = await newVisitor(browser);
    const heard: string[] = [];
    page.on("websocket", (ws) => ws.on("framereceived", ({ payload }) => heard.push(String(payload))));
    const reloads = askedOf(page);
    await page.goto(`/bell/${id}`);
    await expect.poll(() => heard.some((frame) => frame.includes('"presence"')), { timeout: 10_000 }).toBe(true);
    // Opening the socket reads the ring once, in case its result landed before: let that read finish.
    await expect.poll(() => reloads.length).toBe(1);
    await page.waitForLoadState("networkidle");
    reloads.length = 0;
    expect(await page.getByRole("heading", { name: "The answer" }).count()).toBe(0);

    // The cron finds the waiting ring; the simulator runs it and the room tells every socket the result.
    expect((await fetch(`${baseURL()}/cdn-cgi/local/scheduled`)).ok).toBe(true);
    await page.getByRole("heading", { name: "The answer" }).waitFor({ timeout: 15_000 });
    const update = JSON.parse(heard.find((frame) => frame.includes('"batch-update"') && frame.includes(id))!) as { data: { result: { poem: string } } };
    // The message's verse is English, a line each; the page writes the same verse from the message's bits and counts.
    await page.getByRole("heading", { level: 1, name: update.data.result.poem.replaceAll("\n", " ") }).waitFor();
    expect(reloads).toEqual([]);
    await context.close();
  });
});

describe("the home page from the socket alone (issue 23)", () => {
  it("adds a new wish and takes rung ones away without asking the server", { timeout: 60_000 }, async () => {
    const { context, page, room, asked } = await homeOnFakeRoom({ api: true });

    const ribbon = page.getByRole("region", { name: "The bell in numbers" });
    // The first counter as drawn (at once: this visitor prefers less motion).
    const total = async () => Number(((await ribbon.locator("li").first().locator("[aria-hidden=true]").textContent()) ?? "").replace(/\D/g, ""));
    const before = await total();
    const pending = page.locator("section[aria-labelledby=pending-title]");
    const text = `Lanterns on the water, ${uniqueWord()}`;
    const id = `live-home-${crypto.randomUUID()}`;
    const wish = { id, wish: text, name: "Ilse", country: "Peru", countryCode: "PE", location: "Peru", theme: "Hope", status: "pending", bellRingId: null, timestamp: new Date().toISOString(), resonanceCount: 0 };
    room.send(JSON.stringify({ type: "wish-submitted", country: "Peru", countryCode: "PE", theme: "Hope", wish }));
    await expect.poll(total).toBe(before + 1);
    await expect.poll(() => pending.textContent()).toContain(text);

    room.send(JSON.stringify({ type: "bell-rung", ringId: `ring-${id}`, virtual: false, wishIds: [id], pendingLeft: 0, cooldownSeconds: 20 }));
    await expect.poll(() => pending.textContent()).not.toContain(text);

    // The finished ring says the credits left: the bell card shows them once they are low (issue 35: a healthy
    // balance is not shown).
    const result = { quantumResult: "1", poem: verseText({ bitstring: "1", counts: { "1": 100 }, wishes: [] }, "en"), counts: { "1": 100 } };
    room.send(JSON.stringify({ type: "batch-update", subType: "completed", bellRingId: `ring-${id}`, data: { result, creditsSeconds: 21, countryCodes: ["PE"] } }));
    await expect.poll(() => page.locator("#bell-ringer").textContent()).toContain(creditsLow(english, 21));
    // Longer than any read a page may still make: the 1–3 s resync and the map's debounce.
    await page.clock.runFor(4_000);
    expect(asked).toEqual([]);
    await context.close();
  });
});

describe("a ring that gives up (issue 23)", () => {
  it("makes the home page read its data once, for the wishes that wait again", { timeout: 60_000 }, async () => {
    const { context, page, room, asked: reads } = await homeOnFakeRoom();
    const failed = (retrying: boolean) => JSON.stringify({ type: "batch-update", subType: "failed", bellRingId: "ring-gave-up", data: { error: "x", retrying } });
    // Still retrying: its wishes stay with the ring, nothing to read.
    room.send(failed(true));
    await page.clock.runFor(4_000);
    expect(reads).toEqual([]);
    room.send(failed(false));
    expect(await clockedCount(page, reads, { stepMs: 500, withinMs: 10_000 })).toBe(1);
    await context.close();
  });
});

describe("a country new to the live strip, in another language (issue 23)", () => {
  it("is named in the page's language, as the server names the others", { timeout: 60_000 }, async () => {
    const { context, page } = await newVisitor(browser);
    const room = await fakeRoom(page);
    await page.goto("/fr");
    await waitForHydration(page);
    await room.connected();
    const strip = page.locator("section[aria-labelledby=live-strip-title]");
    expect(await strip.textContent()).not.toContain("Islande");
    const wish = { id: `live-is-${crypto.randomUUID()}`, wish: "Que la paix gagne les fjords", name: "", country: "Iceland", countryCode: "IS", location: "Iceland", theme: "Peace", status: "pending", bellRingId: null, timestamp: new Date().toISOString(), resonanceCount: 0 };
    room.send(JSON.stringify({ type: "wish-submitted", country: "Iceland", countryCode: "IS", theme: "Peace", wish }));
    await expect.poll(() => strip.locator("li").last().textContent()).toContain("Islande");
    await context.close();
  });
});

describe("after the socket drops and comes back (issue 23)", () => {
  it("reads the page's data once, for what it missed", { timeout: 60_000 }, async () => {
    const { context, page } = await newVisitor(browser);
    const sockets: { close: (options?: { code?: number; reason?: string }) => Promise<void> }[] = [];
    await page.routeWebSocket(/\/ws$/, (ws) => {
      sockets.push(ws);
    });
    const reloads = askedOf(page);
    await page.clock.install();
    await page.goto("/");
    await expect.poll(() => sockets.length).toBe(1);
    await page.clock.runFor(1_000);
    reloads.length = 0;

    await sockets[0].close({ code: 1011, reason: "restart" });
    // docs/product.md#what-happens-step-by-step: the first retry comes 3 s ± 20 % later; the poll (every 10 s while down) does not run in that time.
    await page.clock.runFor(4_000);
    await expect.poll(() => sockets.length).toBe(2);
    expect(reloads).toEqual([]);
    // The page learns of the new socket on its own time; the clock moves on in steps until its one read comes (the
    // resync waits 1–3 s; the 10 s poll does not run while the socket is open).
    expect(await clockedCount(page, reloads, { stepMs: 500, withinMs: 10_000 })).toBe(1);

    // A page opened after the reopen reads its data with its navigation, and nothing more: away to /about and back.
    await page.locator("header a[href='/about']").first().click();
    await page.waitForURL((url) => url.pathname === "/about");
    await page.locator("header a[href='/']").first().click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.locator("#wish-form").waitFor();
    await page.waitForLoadState("networkidle");
    const navigated = reloads.length;
    // Longer than the resync's 1–3 s.
    await page.clock.runFor(4_000);
    await page.waitForLoadState("networkidle");
    expect(reloads.slice(navigated), "reads after the home page was opened").toEqual([]);
    await context.close();
  });
});

describe("two visitors on the real socket (issue 23)", () => {
  it("shows a wish written on one page on the other's ribbon, live strip and map, without reading the home page", { timeout: 90_000 }, async () => {
    const watcher = await newVisitor(browser);
    const heard: string[] = [];
    watcher.page.on("websocket", (ws) => ws.on("framereceived", ({ payload }) => heard.push(String(payload))));
    await watcher.page.clock.install();
    await watcher.page.goto("/");
    await waitForHydration(watcher.page);
    // The room greets every socket with the count of listeners: the watcher is connected.
    await expect.poll(() => heard.some((frame) => frame.includes('"presence"')), { timeout: 10_000 }).toBe(true);
    // The map loads as it scrolls into view. The wish comes from a country both the strip and the map show alone.
    const strip = watcher.page.locator("section[aria-labelledby=live-strip-title]");
    const markers = watcher.page.locator(".leaflet-marker-icon", { has: watcher.page.locator("[data-kind]:not([data-countries])") });
    await watcher.page.getByRole("region", { name: "World map of wishes" }).scrollIntoViewIfNeeded();
    await markers.first().waitFor();
    await watcher.page.waitForLoadState("networkidle");
    const onMap = (await markers.evaluateAll((icons) => icons.map((icon) => icon.getAttribute("title") ?? ""))).map((title) => title.split(":")[0]);
    const onStrip = await strip.locator("li").allTextContents();
    const country = onMap.find((name) => onStrip.some((entry) => entry.includes(name)));
    expect(country).toBeDefined();
    const marker = markers.filter({ has: watcher.page.locator(`[title^="${country}:"]`) }).or(watcher.page.locator(`.leaflet-marker-icon[title^="${country}:"]`));
    const count = (text: string | null) => Number(/(\d[\d,]*) wish/.exec(text ?? "")?.[1].replace(/,/g, "") ?? NaN);
    const stripCount = async () => count(await strip.locator("li", { hasText: country! }).first().textContent());
    // What the marker says: its badge, the name a screen reader hears, and its hover title.
    const mapCount = async () => {
      const shown = marker.first();
      const [badge, spoken, title] = [await shown.locator("[aria-hidden=true]").textContent(), await shown.locator(":scope > span:last-child").textContent(), await shown.getAttribute("title")];
      return spoken === title && Number(badge) === count(spoken) ? count(spoken) : NaN;
    };
    const ribbon = watcher.page.getByRole("region", { name: "The bell in numbers" });
    const total = async () => Number(((await ribbon.locator("li").first().locator("[aria-hidden=true]").textContent()) ?? "").replace(/\D/g, ""));
    const before = { total: await total(), strip: await stripCount(), map: await mapCount() };
    expect(before.strip).toBeGreaterThan(0);
    expect(before.map).toBeGreaterThan(0);
    const asked = askedOf(watcher.page, { api: true });

    const writer = await newVisitor(browser);
    await writer.page.goto("/");
    await writer.page.locator("#wish-form button[type=submit]:disabled").waitFor();
    // Consonants that spell no word: random letters now and then spell a profanity, which moderation refuses.
    const text = `Two windows, one bell ${Array.from(crypto.getRandomValues(new Uint8Array(10)), (byte) => "bdghjkmnpqrvwxz"[byte % 15]).join("")}`;
    await writer.page.getByRole("textbox", { name: "Your wish" }).fill(text);
    await writer.page.getByRole("combobox", { name: "Your country (optional)" }).fill(country!);
    await writer.page.locator("#wish-form button[type=submit]").click();

    await expect.poll(total, { timeout: 10_000 }).toBe(before.total + 1);
    await expect.poll(stripCount).toBe(before.strip + 1);
    await expect.poll(mapCount).toBe(before.map + 1);
    await expect.poll(() => watcher.page.locator("section[aria-labelledby=pending-title]").textContent()).toContain(text);
    // Longer than any read a page may still make: the 1–3 s resync and the map's debounce.
    await watcher.page.clock.runFor(4_000);
    expect(asked).toEqual([]);
    await writer.context.close();
    await watcher.context.close();
  });
});

describe("a ring that meets turbulence (docs/product.md#what-happens-step-by-step, issue 35)", () => {
  it("says so on every open page, once, not only on the page that rang it", { timeout: 60_000 }, async () => {
    const { context, page } = await newVisitor(browser);
    const room = await fakeRoom(page);
    await page.goto("/about");
    await waitForHydration(page);
    await room.connected();
    const failed = JSON.stringify({ type: "batch-update", subType: "failed", bellRingId: "ring-turbulence", data: { error: "x", retrying: true } });
    room.send(failed);
    const alert = page.getByRole("alert").filter({ hasText: BATCH_FAILED });
    await alert.waitFor();
    room.send(failed);
    expect(await alert.count()).toBe(1);
    await context.close();
  });
});
