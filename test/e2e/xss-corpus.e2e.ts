import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_SUBJECT_MAX_LENGTH } from "../../app/domain/contact";
import { COUNTRY_MAX_LENGTH, FRIEND_MESSAGE_MAX_LENGTH, HOME_WALL_PAGE_SIZE, LOCATION_MAX_LENGTH, NAME_MAX_LENGTH, REPORT_REASON_MAX_LENGTH, WISH_MAX_LENGTH } from "../../app/domain/limits";
import { verseText } from "../../app/domain/verse/verse";
import { queryLocal } from "../../scripts/lib/wrangler.mjs";
import { XSS_CORPUS } from "../support/xss-corpus";
import { baseURL, freshFingerprint, launchBrowser, persistDir } from "./support/browser";
import { expectNothingRan, violations, watchedVisitor, type Watch } from "./support/watch";

// Issue 21's corpus: fifty payloads through every text field a visitor fills (wish, name, country, location, the
// report reason, the friend's mail and the contact form), then every view that shows them, in Chromium. Each view
// must show the payloads it holds as literal text and run none of them. The counts are printed.

const ADMIN_PASSWORD = "quantum-bell-local-admin";
const WISH_PREFIX = (index: number) => `Peace for everyone, ${index + 1}: `;
const RING_SIZE = 5;

let browser: Browser;
const wishIds: string[] = [];
const ringIds: string[] = [];
/** How many payloads each field carried: printed, and each must be all fifty where the field's length allows. */
const stored: Record<string, Set<number>> = {};
const shown: Record<string, number> = {};

function keep(field: string, indexes: number[]) {
  stored[field] ??= new Set();
  for (const index of indexes) stored[field].add(index);
}

/** Payload indexes grouped greedily into texts of at most `max` characters (after `prefix`). */
function pack(max: number, prefix = ""): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let length = prefix.length;
  XSS_CORPUS.forEach((payload, index) => {
    if (current.length > 0 && length + 1 + payload.length > max) {
      groups.push(current);
      current = [];
      length = prefix.length;
    }
    current.push(index);
    length += payload.length + 1;
  });
  if (current.length > 0) groups.push(current);
  return groups;
}
/** The corpus as report reasons: wish n is reported with the payloads of group n. */
const REASON_GROUPS = pack(REPORT_REASON_MAX_LENGTH);
const joined = (indexes: number[], prefix = "") => prefix + indexes.map((index) => XSS_CORPUS[index]).join(" ");

async function post(path: string, body: unknown, form = false): Promise<Response> {
  return fetch(`${baseURL()}${path}`, {
    method: "POST",
    headers: { Origin: baseURL(), "Content-Type": form ? "application/x-www-form-urlencoded" : "application/json" },
    body: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
    redirect: "manual",
  });
}

async function expectStored(response: Response, what: string) {
  if (response.status >= 300 && response.status !== 303) throw new Error(`${what} was refused (${response.status}): ${await response.text()}`);
}

const fits = (index: number, max: number) => XSS_CORPUS[index].length <= max;

async function storeEverything() {
  // Wishes: payload i in the text of wish i, and the next ones in its name, country and location where they fit.
  for (let index = 0; index < XSS_CORPUS.length; index++) {
    const at = (offset: number) => (index + offset) % XSS_CORPUS.length;
    const name = fits(at(1), NAME_MAX_LENGTH) ? XSS_CORPUS[at(1)] : undefined;
    const country = fits(at(2), COUNTRY_MAX_LENGTH) ? XSS_CORPUS[at(2)] : undefined;
    const location = fits(at(3), LOCATION_MAX_LENGTH) ? XSS_CORPUS[at(3)] : undefined;
    const text = `${WISH_PREFIX(index)}${XSS_CORPUS[index]}`;
    expect(text.length).toBeLessThanOrEqual(WISH_MAX_LENGTH);
    const response = await post("/api/wishes", { wish: text, name, country, location, deviceFingerprint: freshFingerprint() });
    await expectStored(response, `Wish ${index + 1}`);
    wishIds.push(((await response.json()) as { wishId: string }).wishId);
    keep("wish text", [index]);
    if (name) keep("name", [at(1)]);
    if (country) keep("country", [at(2)]);
    if (location) keep("location", [at(3)]);
  }
  // Report reasons, several payloads to a reason, each on its own wish.
  for (const [n, indexes] of REASON_GROUPS.entries()) {
    const response = await post(`/api/wishes/${wishIds[n]}/report`, { reason: joined(indexes), deviceFingerprint: freshFingerprint() });
    await expectStored(response, `Report ${n + 1}`);
    keep("report reason", indexes);
  }
  // A friend's mail: the wish, the sender's name and the message, to a new address each time.
  const wishes = pack(WISH_MAX_LENGTH);
  for (const [n, indexes] of pack(FRIEND_MESSAGE_MAX_LENGTH).entries()) {
    const wish = wishes[n % wishes.length];
    const response = await post("/api/send-wish-to-friend", {
      wish: joined(wish),
      name: fits(indexes[0], NAME_MAX_LENGTH) ? XSS_CORPUS[indexes[0]] : undefined,
      friendEmail: `friend-${crypto.randomUUID().slice(0, 8)}@example.org`,
      message: joined(indexes),
    });
    await expectStored(response, `Friend mail ${n + 1}`);
    keep("friend message", indexes);
    keep("friend wish", wish);
  }
  // The contact form, through the page's own form post (the path a visitor's browser takes).
  for (const indexes of pack(CONTACT_MESSAGE_MAX_LENGTH)) {
    const subject = indexes.find((index) => fits(index, CONTACT_SUBJECT_MAX_LENGTH)) ?? indexes[0];
    const response = await post("/contact", { email: "reader@example.org", subject: XSS_CORPUS[subject], message: joined(indexes) }, true);
    await expectStored(response, "A contact message");
    keep("contact message", indexes);
    keep("contact subject", [subject]);
  }
}

/** Rings of five of the corpus' wishes, written as a finished ring is stored, so each ring page holds five. */
function ringThem() {
  const statements: string[] = [];
  const now = Date.now();
  for (let start = 0; start < wishIds.length; start += RING_SIZE) {
    const id = `xss-ring-${crypto.randomUUID()}`;
    const ids = wishIds.slice(start, start + RING_SIZE);
    const bits = "10110".slice(0, ids.length);
    ringIds.push(id);
    const poem = verseText({ bitstring: bits, counts: { [bits]: 100 }, wishes: [] }, "en").replaceAll("'", "''");
    statements.push(
      `INSERT INTO bell_rings (id, created_at, virtual, rung_by_hash, provider, backend, job_id, status, attempts, bitstring, counts, poem, usage_seconds, completed_at) VALUES ('${id}', ${now}, 0, 'xss', 'simulator', 'simulator', '${id}-job', 'completed', 1, '${bits}', '${JSON.stringify({ [bits]: 100 })}', '${poem}', 0, ${now + 1000})`,
      `UPDATE wishes SET status = 'entangled', bell_ring_id = '${id}' WHERE id IN (${ids.map((wish) => `'${wish}'`).join(", ")})`,
    );
  }
  queryLocal(statements.join(";\n"), persistDir());
}

beforeAll(async () => {
  browser = await launchBrowser();
  await storeEverything();
  ringThem();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  const fields = Object.entries(stored).map(([field, indexes]) => `${field} ${indexes.size}`);
  const views = Object.entries(shown).map(([view, count]) => `${view} ${count}`);
  console.log(`XSS corpus: ${XSS_CORPUS.length} payloads. Stored per field: ${fields.join(", ")}. Shown as text per view: ${views.join(", ")}.`);
});

/** Counts the payloads of `indexes` the page shows as literal text, then checks that none of them ran. */
async function expectLiteral(page: Page, watch: Watch, view: string, indexes: Iterable<number>, text?: string) {
  // textContent, not innerText: the outbox keeps each mail's body in a closed <details>.
  const content = text ?? (await page.locator("body").textContent()) ?? "";
  const wanted = [...indexes];
  const missing = wanted.filter((index) => !content.includes(XSS_CORPUS[index]));
  expect(missing.map((index) => XSS_CORPUS[index]), `${view}: payloads not shown as text`).toEqual([]);
  shown[view] = (shown[view] ?? 0) + wanted.length;
  await expectNothingRan(page, watch, view);
  expect(await violations(page), view).toEqual([]);
}

async function hydrated(page: Page, path: string) {
  expect((await page.goto(path))?.status(), path).toBe(200);
  await page.waitForFunction(() => document.querySelector("header button[aria-controls]") !== null);
}

describe("fifty payloads in every field, shown in every view", () => {
  it("the Wish Wall, page by page: wish text, name and place on each card, and the country filter's list", async () => {
    const { context, page, watch } = await watchedVisitor(browser);
    const pages = Math.ceil(XSS_CORPUS.length / HOME_WALL_PAGE_SIZE);
    let cards = "";
    for (let wallPage = 1; wallPage <= pages; wallPage++) {
      await hydrated(page, wallPage === 1 ? "/" : `/?page=${wallPage}`);
      // Read in one go, since the wall re-renders once it hydrates (its times turn local): each card isolates the
      // visitor's words from the page's direction, its text dir=auto, its name and place <bdi>.
      const snapshot = () =>
        page.locator("#wish-wall").evaluate((wall) => ({
          articles: wall.querySelectorAll("article").length,
          texts: wall.querySelectorAll("article p[dir=auto]").length,
          isolated: wall.querySelectorAll("article bdi").length,
          text: (wall as HTMLElement).innerText,
        }));
      let wall = await snapshot();
      await expect.poll(async () => (wall = await snapshot()).articles).toBeGreaterThan(0);
      expect(wall.texts).toBe(wall.articles);
      expect(wall.isolated).toBe(2 * wall.articles);
      cards += wall.text;
      await expectNothingRan(page, watch, `wall page ${wallPage}`);
    }
    await expectLiteral(page, watch, "Wish Wall cards (text)", stored["wish text"], cards);
    await expectLiteral(page, watch, "Wish Wall cards (name)", stored.name, cards);
    await expectLiteral(page, watch, "Wish Wall cards (place)", stored.location, cards);
    // The country a visitor types is shown only where it names a known country (live strip, map, the wall's filter);
    // none of the corpus does, so none may be listed there.
    const options = await page.getByRole("combobox", { name: "Filter by Country" }).locator("option").allTextContents();
    expect(options.filter((option) => XSS_CORPUS.includes(option))).toEqual([]);
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it("each ring's page: its five wishes, their names and places", async () => {
    const { context, page, watch } = await watchedVisitor(browser);
    let text = "";
    for (const ringId of ringIds) {
      await hydrated(page, `/bell/${ringId}`);
      text += await page.locator("#main").innerText();
      await expectNothingRan(page, watch, `ring ${ringId}`);
    }
    await expectLiteral(page, watch, "ring pages (text)", stored["wish text"], text);
    await expectLiteral(page, watch, "ring pages (name)", stored.name, text);
    await expectLiteral(page, watch, "ring pages (place)", stored.location, text);
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it("the admin's moderation queue, messages and outbox", async () => {
    const { context, page, watch } = await watchedVisitor(browser);
    await page.goto("/admin/login");
    await page.getByLabel("Password").fill(ADMIN_PASSWORD);
    await Promise.all([page.waitForURL((url) => url.pathname === "/admin"), page.getByRole("button", { name: "Sign in" }).click()]);

    let queue = "";
    for (const wishId of wishIds.slice(0, REASON_GROUPS.length)) {
      await page.goto(`/admin/moderation?id=${wishId}`);
      queue += await page.locator("main").innerText();
    }
    await expectLiteral(page, watch, "moderation (report reasons)", stored["report reason"], queue);
    await expectLiteral(page, watch, "moderation (wish text)", REASON_GROUPS.keys(), queue);

    await page.goto("/admin/messages");
    await expectLiteral(page, watch, "admin messages (contact)", stored["contact message"]);
    await expectLiteral(page, watch, "admin messages (subject)", stored["contact subject"]);

    await page.goto("/admin/outbox");
    await expectLiteral(page, watch, "outbox (friend message)", stored["friend message"]);
    await expectLiteral(page, watch, "outbox (friend wish)", stored["friend wish"]);
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});
