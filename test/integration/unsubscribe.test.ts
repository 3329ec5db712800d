import { exports } from "cloudflare:workers";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deliverOutbox, queueWishCopy } from "~/server/email/outbox.server";
import { mailStopToken } from "~/server/email/mail-stop.server";
import { browserFetch, call, freshIp, ORIGIN, signIn, submit } from "../support/api";

// Issue 34: every mail carries RFC 8058 one-click unsubscribe headers; the one-click POST and "this wasn't me" both
// set unsubscribed_at and stop the address; the CSV and the senders skip it.

interface Posted {
  to: string;
  headers?: Record<string, string>;
}

/** A stand-in for the HTTP mail API (the JSON the outbox posts), recording each message. */
function mailApi() {
  const posted: Posted[] = [];
  const fetcher = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    posted.push(JSON.parse(String(init?.body)) as Posted);
    return new Response(null, { status: 202 });
  }) as typeof fetch;
  return { posted, fetcher, mailEnv: { ...env, MAIL_API_URL: "https://mail.example/send" } };
}

const friendMail = (friendEmail: string) => call("/api/send-wish-to-friend", { body: { wish: "May peace find you", friendEmail }, ip: freshIp() });
const subscribeForm = (email: string) => browserFetch("/newsletter", { method: "POST", form: { email } });

async function confirm(email: string) {
  const row = await env.DB.prepare("SELECT token FROM newsletter_subscribers WHERE email = ?").bind(email).first<{ token: string }>();
  await env.DB.prepare("UPDATE newsletter_subscribers SET confirmed_at = ? WHERE token = ?").bind(Date.now(), row!.token).run();
}

/** What a mail system does with the header (RFC 8058 §3.1): a POST with the one-click body, no cookies, no Origin. */
function oneClick(url: string) {
  return exports.default.fetch(url.replace(/^https?:\/\/[^/]+/, ORIGIN), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": freshIp() },
    body: "List-Unsubscribe=One-Click",
  });
}

const unsubscribedAt = async (email: string) =>
  (await env.DB.prepare("SELECT unsubscribed_at AS at FROM newsletter_subscribers WHERE email = ?").bind(email).first<{ at: number | null }>())?.at;

async function csvLines(): Promise<string[]> {
  const response = await browserFetch("/admin/subscribers.csv", { cookie: await signIn() });
  expect(response.status).toBe(200);
  return (await response.text()).split("\r\n");
}

describe("one-click unsubscribe (RFC 8058)", () => {
  it("puts List-Unsubscribe and List-Unsubscribe-Post on every kind of visitor mail, for its own address", async () => {
    await env.DB.prepare("UPDATE outbox SET status = 'sent' WHERE status IN ('queued', 'held')").run();
    const friend = `friend-${crypto.randomUUID()}@example.org`;
    const wisher = `wisher-${crypto.randomUUID()}@example.org`;
    const reader = `reader-${crypto.randomUUID()}@example.org`;
    expect((await friendMail(friend)).status).toBe(200);
    const wish = await submit({ wish: "May the lanterns of the harbour stay lit", email: wisher });
    const work: Promise<unknown>[] = [];
    queueWishCopy(env, { waitUntil: (promise) => work.push(promise) }, { email: wisher }, wish.json.wishId);
    await Promise.all(work);
    expect((await subscribeForm(reader)).status).toBe(200);

    const { posted, fetcher, mailEnv } = mailApi();
    await deliverOutbox(mailEnv, { fetcher });
    for (const address of [friend, wisher, reader]) {
      const mail = posted.find((m) => m.to === address);
      expect(mail, address).toBeDefined();
      const token = await mailStopToken(env, address);
      expect(mail!.headers).toEqual({
        "List-Unsubscribe": `<${env.SITE_URL.replace(/\/+$/, "")}/api/mail/unsubscribe?t=${token}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    }
  });

  it("passes the same headers to Cloudflare's send_email binding", async () => {
    await env.DB.prepare("UPDATE outbox SET status = 'sent' WHERE status IN ('queued', 'held')").run();
    const friend = `binding-${crypto.randomUUID()}@example.org`;
    expect((await friendMail(friend)).status).toBe(200);
    const sent: { to: string; headers?: Record<string, string> }[] = [];
    const SEND_EMAIL = { send: async (message: { to: string; headers?: Record<string, string> }) => void sent.push(message) } as unknown as SendEmail;
    await deliverOutbox({ ...env, SEND_EMAIL });
    expect(sent.find((m) => m.to === friend)?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("the one-click POST sets unsubscribed_at, stops all mail, and takes the address out of the CSV", async () => {
    const reader = `one-click-${crypto.randomUUID()}@example.org`;
    await subscribeForm(reader);
    await confirm(reader);
    expect(await csvLines()).toContainEqual(expect.stringMatching(new RegExp(`^${reader}`)));
    const { posted, fetcher, mailEnv } = mailApi();
    await deliverOutbox(mailEnv, { fetcher });
    const url = /<([^>]+)>/.exec(posted.find((m) => m.to === reader)!.headers!["List-Unsubscribe"])![1];

    const answer = await oneClick(url);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ success: true, unsubscribed: true });
    expect(await unsubscribedAt(reader)).toEqual(expect.any(Number));
    expect((await csvLines()).some((line) => line.startsWith(reader))).toBe(false);
    // The sender is answered as for anyone (ADR 0104), and nothing is queued to the address.
    expect((await friendMail(reader)).status).toBe(200);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE to_address = ? AND kind = 'friend-wish'").bind(reader).first("n")).toBe(0);
    // Opening the URL (a GET, as scanners do) changes nothing.
    expect((await exports.default.fetch(url.replace(/^https?:\/\/[^/]+/, ORIGIN))).status).toBe(405);
    expect((await oneClick(`${ORIGIN}/api/mail/unsubscribe?t=nope`)).status).toBe(400);
  });

  it("'this wasn't me' also unsubscribes, and a mail queued before the stop is not sent", async () => {
    const reader = `wasnt-me-${crypto.randomUUID()}@example.org`;
    await subscribeForm(reader);
    await confirm(reader);
    expect((await friendMail(reader)).status).toBe(200);
    const token = await mailStopToken(env, reader);
    expect((await browserFetch(`/mail/stop?t=${token}`, { method: "POST", form: { t: token } })).status).toBe(200);
    expect(await unsubscribedAt(reader)).toEqual(expect.any(Number));
    expect((await csvLines()).some((line) => line.startsWith(reader))).toBe(false);

    const { posted, fetcher, mailEnv } = mailApi();
    await deliverOutbox(mailEnv, { fetcher });
    expect(posted.filter((m) => m.to === reader)).toEqual([]);
    const statuses = await env.DB.prepare("SELECT status FROM outbox WHERE to_address = ?").bind(reader).all<{ status: string }>();
    expect(statuses.results.map((r) => r.status)).toEqual(["stopped", "stopped"]);
  });

  it("the CSV lists only confirmed addresses that may be mailed", async () => {
    const unconfirmed = `unconfirmed-${crypto.randomUUID()}@example.org`;
    await subscribeForm(unconfirmed);
    const lines = await csvLines();
    expect(lines[0]).toBe("email,subscribed_at,confirmed_at");
    expect(lines.some((line) => line.startsWith(unconfirmed))).toBe(false);
  });
});
