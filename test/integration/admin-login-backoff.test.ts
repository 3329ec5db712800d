import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GLOBAL_LOGIN_FREE_FAILURES_PER_HOUR } from "~/domain/admin";
import { ADMIN_PASSWORD, browserFetch, freshIp, signIn } from "../support/api";

// Issue 31, point 10: guesses spread over many networks are slowed down site-wide, and /admin says so. Its own file,
// so the backoff it sets off does not meet the other admin tests' sign-ins.

const guess = (password: string) => browserFetch("/admin/login", { form: { password }, ip: freshIp() });

describe("the site-wide sign-in backoff", () => {
  it("lets the free failures through from many networks, then refuses every attempt, the right password too", async () => {
    const cookie = await signIn();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(`wrong-${i}`)));
    const statuses = answers.map((answer) => answer.status);
    // Each network tried once, far under its own limit; the site let about the free failures through.
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(GLOBAL_LOGIN_FREE_FAILURES_PER_HOUR);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(GLOBAL_LOGIN_FREE_FAILURES_PER_HOUR + 2);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(40 - GLOBAL_LOGIN_FREE_FAILURES_PER_HOUR - 2);
    // Deep in the backoff (ten more failures just now: a wait of 2^10 s), the right password waits too.
    const now = Date.now();
    await env.DB.batch(Array.from({ length: 10 }, () => env.DB.prepare("INSERT INTO admin_login_failures (at) VALUES (?)").bind(now)));
    const right = await guess(ADMIN_PASSWORD);
    expect(right.status).toBe(429);
    expect(await right.text()).toContain("Too many sign-in attempts.");

    // The admin already signed in sees the alert.
    const html = await (await browserFetch("/admin", { cookie })).text();
    expect(html).toContain("Failed sign-ins, last hour");
    expect(html).toMatch(/role="alert"[^>]*>\d+(<!-- -->)? failed admin sign-ins in the last hour/);

    // An hour later the failures no longer count, and the right password signs in again.
    await env.DB.prepare("UPDATE admin_login_failures SET at = at - 3600000").run();
    expect((await guess(ADMIN_PASSWORD)).status).toBe(302);
  });
});
