import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FRIEND_RECIPIENT_LIMITED } from "~/domain/messages";
import { RECIPIENT_DAILY_MAIL_CAP, SENDER_RECIPIENT_DAILY_MAIL_CAP } from "~/server/email/outbox.server";
import { call, freshIp, ORIGIN } from "../support/api";

// Issue 31, point 7: the recipient caps hold under concurrency, cover every visitor-made mail, and cannot be used by
// one network to block an address.

const outboxTo = async (address: string, kind?: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM outbox WHERE lower(to_address) = lower(?) ${kind ? "AND kind = ?" : ""}`)
    .bind(...(kind ? [address, kind] : [address]))
    .first<{ n: number }>())!.n;

const friendMail = (friendEmail: string, ip = freshIp()) =>
  call<{ code?: string; error?: string }>("/api/send-wish-to-friend", { body: { wish: "May peace find you", friendEmail }, ip });

describe("visitor mail caps", () => {
  it("40 concurrent friend mails from 40 networks to one address queue exactly the recipient's cap", async () => {
    const address = `target-${crypto.randomUUID()}@example.org`;
    const answers = await Promise.all(Array.from({ length: 40 }, () => friendMail(address)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(RECIPIENT_DAILY_MAIL_CAP);
    expect(answers.filter((a) => a.status === 429).every((a) => a.json.error === FRIEND_RECIPIENT_LIMITED)).toBe(true);
    expect(await outboxTo(address)).toBe(RECIPIENT_DAILY_MAIL_CAP);
  });

  it("one network cannot use up an address: past its own share a genuine friend elsewhere still reaches it", async () => {
    const address = `friend-${crypto.randomUUID()}@example.org`;
    const attacker = freshIp();
    for (let i = 0; i < SENDER_RECIPIENT_DAILY_MAIL_CAP; i += 1) expect((await friendMail(address, attacker)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await friendMail(address, attacker)).status).toBe(429);
    expect((await friendMail(address)).status).toBe(200);
    expect(await outboxTo(address)).toBe(SENDER_RECIPIENT_DAILY_MAIL_CAP + 1);
  });

  it("20 newsletter sign-ups for one address send one confirmation letter: one pending confirmation per address", async () => {
    const address = `reader-${crypto.randomUUID()}@example.org`;
    const signUp = () =>
      exports.default.fetch(`${ORIGIN}/newsletter`, {
        method: "POST",
        headers: { "CF-Connecting-IP": freshIp(), "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Host: new URL(ORIGIN).host },
        body: new URLSearchParams({ email: address }),
      });
    const answers = await Promise.all(Array.from({ length: 20 }, signUp));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await outboxTo(address, "newsletter-confirm")).toBe(1);
  });

  it("newsletter letters count toward the recipient cap of every visitor mail", async () => {
    const address = `shared-${crypto.randomUUID()}@example.org`;
    await Promise.all(Array.from({ length: RECIPIENT_DAILY_MAIL_CAP - 1 }, () => friendMail(address)));
    const subscribe = await exports.default.fetch(`${ORIGIN}/newsletter`, {
      method: "POST",
      headers: { "CF-Connecting-IP": freshIp(), "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Host: new URL(ORIGIN).host },
      body: new URLSearchParams({ email: address }),
    });
    expect(subscribe.status).toBe(200);
    expect(await outboxTo(address)).toBe(RECIPIENT_DAILY_MAIL_CAP);
    expect((await friendMail(address)).status).toBe(429);
  });
});
