import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOGIN_FAILURE_ALERT_PER_HOUR, NETWORK_LOGIN_FREE_FAILURES_PER_HOUR } from "~/domain/admin";
import { networkHashes } from "~/server/edge/hashing.server";
import { ADMIN_PASSWORD, browserFetch, freshIp, ORIGIN, signIn } from "../support/api";

// Issue 31, point 10 and issue 46, point 5: guessing networks are slowed, each by its own failures, and /admin says
// so; a guesser can no longer keep the operator's right password refused. Its own file, so the failures it writes
// do not meet the other admin tests' sign-ins.

const attempt = (password: string, ip = freshIp()) => browserFetch("/admin/login", { form: { password }, ip });
const networkOf = async (ip: string) => (await networkHashes(env.HASH_SECRET, new Request(ORIGIN, { headers: { "CF-Connecting-IP": ip } }))).network;
/** `count` failures from `network`, all at `at`, as earlier guesses would have left them. */
const failures = (count: number, network: string | null, at = Date.now()) =>
  env.DB.batch(Array.from({ length: count }, () => env.DB.prepare("INSERT INTO admin_login_failures (at, network_hash) VALUES (?, ?)").bind(at, network)));

describe("the sign-in backoff", () => {
  it("with a network guessing each time its wait ends, the right password from another network still signs in", async () => {
    // The attack of issue 46: the hour already holds more failures than the site-wide alert's threshold...
    await failures(LOGIN_FAILURE_ALERT_PER_HOUR + 2, `spread-${crypto.randomUUID()}`);
    const guesser = freshIp();
    let guessing = true;
    const guesses: number[] = [];
    // ...and one network keeps guessing while the operator signs in.
    const attacker = (async () => {
      // Bounded: it guesses until the operator has tried, or 50 times.
      while (guessing && guesses.length < 50) guesses.push((await attempt(`guess-${guesses.length}`, guesser)).status);
    })();
    let operator: Response;
    try {
      await expect.poll(() => guesses.includes(429), { timeout: 30_000 }).toBe(true);
      operator = await attempt(ADMIN_PASSWORD);
    } finally {
      guessing = false;
      await attacker;
    }
    expect(operator.status).toBe(302);
    // The guesser itself got its free failures (and one more each time a wait ran out), then waited.
    expect(guesses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(NETWORK_LOGIN_FREE_FAILURES_PER_HOUR);
    expect(guesses).toContain(429);
  });

  it("a network past its free failures waits, the right password too, until its wait is over", async () => {
    const ip = freshIp();
    for (let i = 0; i < NETWORK_LOGIN_FREE_FAILURES_PER_HOUR; i += 1) expect((await attempt(`wrong-${i}`, ip)).status).toBe(401);
    // Ten more failures just now: a wait of 2^10 s for this network alone.
    await failures(10, await networkOf(ip));
    const right = await attempt(ADMIN_PASSWORD, ip);
    expect(right.status).toBe(429);
    expect(await right.text()).toContain("Too many sign-in attempts.");
    expect((await attempt(ADMIN_PASSWORD)).status).toBe(302);
    // An hour later its failures no longer count.
    await env.DB.prepare("UPDATE admin_login_failures SET at = at - 3600000 WHERE network_hash = ?").bind(await networkOf(ip)).run();
    expect((await attempt(ADMIN_PASSWORD, ip)).status).toBe(302);
  });

  it("every network's failures still count toward the site-wide alert on /admin", async () => {
    const cookie = await signIn();
    await Promise.all(Array.from({ length: LOGIN_FAILURE_ALERT_PER_HOUR }, (_, i) => attempt(`wrong-${i}`)));
    const html = await (await browserFetch("/admin", { cookie })).text();
    expect(html).toContain("Failed sign-ins, last hour");
    expect(html).toMatch(/role="alert"[^>]*>\d+(<!-- -->)? failed admin sign-ins in the last hour/);
  });
});
