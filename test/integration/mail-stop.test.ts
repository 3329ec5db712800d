import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAIL_STOP_BUTTON, MAIL_STOP_DONE, MAIL_STOP_INVALID } from "~/domain/messages";
import { queueWishCopy } from "~/server/email/outbox.server";
import { browserFetch, call, freshIp, submit } from "../support/api";

// Issue 21.11: every mail a visitor's typing sends carries a "this wasn't me" link; following it and pressing its
// button stops all our mail to that address (friend mails, wish copies, the newsletter's confirmation).

const LINK = /https?:\/\/[^\s]+\/mail\/stop\?t=([0-9a-f]{96})\b/;

async function mailTo(address: string): Promise<{ kind: string; body: string }[]> {
  const { results } = await env.DB.prepare("SELECT kind, body FROM outbox WHERE lower(to_address) = lower(?) ORDER BY created_at").bind(address).all<{ kind: string; body: string }>();
  return results;
}

const friendMail = (friendEmail: string) => call<{ code?: string; error?: string }>("/api/send-wish-to-friend", { body: { wish: "May peace find you", friendEmail }, ip: freshIp() });

async function stop(token: string) {
  return browserFetch(`/mail/stop?t=${token}`, { method: "POST", form: { t: token } });
}

describe("the 'this wasn't me' link", () => {
  it("is in every visitor mail, opening it stops nothing, and its button stops all mail to the address", async () => {
    const address = `Someone-${crypto.randomUUID()}@Example.org`;
    expect((await friendMail(address)).status).toBe(200);
    const [first] = await mailTo(address);
    expect(first.body).toMatch(/If this wasn't you, or you want no more mail from us, follow this link: /);
    const token = LINK.exec(first.body)![1];

    // Mail scanners open links: a GET shows the page and its button, and changes nothing.
    const page = await browserFetch(`/mail/stop?t=${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(MAIL_STOP_BUTTON);
    expect(html).toContain('name="robots" content="noindex');
    expect((await friendMail(address)).status).toBe(200);

    const stopped = await stop(token);
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain(MAIL_STOP_DONE.replaceAll("'", "&#x27;"));

    // Whatever the case the next sender types, the address gets nothing more, and the sender is not told why (ADR 0104).
    const quiet = await friendMail(address.toLowerCase());
    expect(quiet).toMatchObject({ status: 200, json: { success: true } });
    const wish = await submit({ wish: "May the quiet keep its promise tonight", email: address.toUpperCase() });
    expect(wish.status).toBe(201);
    const work: Promise<unknown>[] = [];
    queueWishCopy(env, { waitUntil: (promise) => work.push(promise) }, { email: address }, wish.json.wishId);
    await Promise.all(work);
    const subscribed = await browserFetch("/newsletter", { method: "POST", form: { email: address.toLowerCase() } });
    expect(subscribed.status).toBe(200);
    expect((await mailTo(address)).map((mail) => mail.kind)).toEqual(["friend-wish", "friend-wish"]);
    // Stopping again is the same as once.
    expect((await stop(token)).status).toBe(200);
  });

  it("is in the wish copy and the newsletter's confirmation too, each for its own address", async () => {
    const wisher = `wisher-${crypto.randomUUID()}@example.org`;
    const wish = await submit({ wish: "May the lanterns of the harbour stay lit", email: wisher });
    const work: Promise<unknown>[] = [];
    queueWishCopy(env, { waitUntil: (promise) => work.push(promise) }, { email: wisher }, wish.json.wishId);
    await Promise.all(work);
    const reader = `reader-${crypto.randomUUID()}@example.org`;
    expect((await browserFetch("/newsletter", { method: "POST", form: { email: reader } })).status).toBe(200);
    const [copy] = await mailTo(wisher);
    const [letter] = await mailTo(reader);
    expect(copy.kind).toBe("wish-copy");
    expect(letter.kind).toBe("newsletter-confirm");
    const tokens = [LINK.exec(copy.body)?.[1], LINK.exec(letter.body)?.[1]];
    expect(tokens[0]).toMatch(/^[0-9a-f]{96}$/);
    expect(tokens[1]).toMatch(/^[0-9a-f]{96}$/);
    expect(tokens[0]).not.toBe(tokens[1]);
    // One address's link stops that address only.
    expect((await stop(tokens[0]!)).status).toBe(200);
    expect((await friendMail(reader)).status).toBe(200);
  });

  it("says so when the link is cut, and a made-up token stops no real address", async () => {
    const cut = await browserFetch("/mail/stop?t=abc");
    expect(cut.status).toBe(400);
    expect(await cut.text()).toContain(MAIL_STOP_INVALID);
    expect((await browserFetch("/mail/stop", { method: "POST", form: { t: "abc" } })).status).toBe(400);
    const address = `friend-${crypto.randomUUID()}@example.org`;
    // A token of no address the site mailed is refused like a cut link, and stores nothing (issue 31).
    expect((await stop("0".repeat(64))).status).toBe(400);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM mail_stops WHERE address_hash = ?").bind("0".repeat(64)).first("n")).toBe(0);
    // Nor does a signed-looking token whose signature the server did not make.
    expect((await stop("0".repeat(96))).status).toBe(400);
    expect((await friendMail(address)).status).toBe(200);
  });
});
