import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CONTACT_HOURLY_LIMIT, NEWSLETTER_HOURLY_LIMIT } from "~/domain/contact";
import { DAY_MS, HOUR_MS } from "~/domain/limits";
import { IPV6_NETWORK_ALLOWANCE_MULTIPLIER } from "~/domain/network";
import { LOGIN_ATTEMPT_LIMIT, LOGIN_WINDOW_MS } from "~/server/admin/auth.server";
import { REPORTS_PER_IP_PER_DAY } from "~/server/admin/moderation.server";
import { CSP_REPORTS_PER_NETWORK_PER_HOUR } from "~/server/edge/csp-reports.server";
import { networkHashes } from "~/server/edge/hashing.server";
import { settingsOf } from "~/server/edge/settings.server";
import { FRIEND_MAILS_PER_HOUR } from "~/server/email/friend-wish.server";
import { browserFetch, call, freshFingerprint, freshIp, ORIGIN, submit } from "../support/api";

// Issue 46, point 3: a request its network's allowance refuses writes nothing, whatever device id or IPv6 /64 it
// brings: every limited endpoint, flooded from one network with fresh device ids, adds no row anywhere.

/** MAIL_STOPS_PER_NETWORK_PER_HOUR of app/routes/($lang).mail.stop.tsx: a route module cannot load here (its styles). */
const MAIL_STOPS_PER_NETWORK_PER_HOUR = 20;

/** Every table a limited endpoint writes to. */
const TABLES = ["rate_limits", "reports", "outbox", "contact_messages", "newsletter_subscribers", "admin_login_failures", "mail_stops", "csp_reports"];
const rowCount = async () => {
  const counts = await env.DB.batch(TABLES.map((table) => env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`)));
  return Object.fromEntries(TABLES.map((table, i) => [table, (counts[i]!.results[0] as { n: number }).n]));
};

const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
/** One IPv6 /48, and a /64 inside it no other request used. */
const site48 = () => `2001:db8:${hex()}`;
const line64 = (site: string) => `${site}:${hex()}::${hex()}`;

/** Spends a network's whole allowance for `purpose` in the current window, as earlier requests would have. */
async function spendAllowance(ip: string, purpose: string, limit: number, windowMs: number): Promise<void> {
  const hashes = await networkHashes(env.HASH_SECRET, new Request(ORIGIN, { headers: { "CF-Connecting-IP": ip } }));
  const key = hashes.ipv6 ? `${purpose}:net:${hashes.network}` : `${purpose}:${hashes.subnet}`;
  const full = hashes.ipv6 ? limit * IPV6_NETWORK_ALLOWANCE_MULTIPLIER : limit;
  const now = Date.now();
  const start = now - (now % windowMs);
  await env.DB.prepare("INSERT OR REPLACE INTO rate_limits (key, window_start, count, expires_at) VALUES (?, ?, ?, ?)").bind(key, start, full, start + windowMs).run();
}

const csp = (ip: string) =>
  exports.default.fetch(
    new Request(`${ORIGIN}/api/csp-report`, {
      method: "POST",
      headers: { "Content-Type": "application/reports+json", "CF-Connecting-IP": ip },
      body: JSON.stringify([{ type: "csp-violation", url: `${ORIGIN}/`, body: { documentURL: `${ORIGIN}/`, effectiveDirective: "img-src", blockedURL: "https://x.example/a.png", disposition: "enforce" } }]),
    }),
  );

interface Endpoint {
  purpose: string;
  limit: number;
  windowMs: number;
  /** A status the refusal answers with (the CSP endpoint answers 204 either way: browsers read nothing). */
  refused: number;
  send(ip: string, wishId: string): Promise<number>;
}

const endpoints: Record<string, Endpoint> = {
  "report a wish": {
    purpose: "report:ip",
    limit: REPORTS_PER_IP_PER_DAY,
    windowMs: DAY_MS,
    refused: 429,
    send: async (ip, wishId) => (await call(`/api/wishes/${wishId}/report`, { body: { deviceFingerprint: freshFingerprint(), reason: "flood" }, ip })).status,
  },
  "ring the bell": {
    purpose: "ring:network",
    limit: settingsOf(env).RING_NETWORK_HOURLY_LIMIT,
    windowMs: HOUR_MS,
    refused: 429,
    send: async (ip, wishId) => (await call("/api/bell/ring", { body: { wishIds: [wishId], deviceFingerprint: freshFingerprint() }, ip })).status,
  },
  "send a wish to a friend": {
    purpose: "friend-mail",
    limit: FRIEND_MAILS_PER_HOUR,
    windowMs: HOUR_MS,
    refused: 429,
    send: async (ip) => (await call("/api/send-wish-to-friend", { body: { wish: "May peace find you today", friendEmail: `friend-${hex()}@example.org` }, ip })).status,
  },
  "write to the team": {
    purpose: "contact",
    limit: CONTACT_HOURLY_LIMIT,
    windowMs: HOUR_MS,
    refused: 429,
    send: async (ip) => (await browserFetch("/contact", { form: { email: `writer-${hex()}@example.org`, message: "A message long enough to be a real message." }, ip })).status,
  },
  "sign up for the newsletter": {
    purpose: "newsletter",
    limit: NEWSLETTER_HOURLY_LIMIT,
    windowMs: HOUR_MS,
    refused: 429,
    send: async (ip) => (await browserFetch("/newsletter", { form: { email: `reader-${hex()}@example.org` }, ip })).status,
  },
  "stop mail": {
    purpose: "mail-stop",
    limit: MAIL_STOPS_PER_NETWORK_PER_HOUR,
    windowMs: HOUR_MS,
    refused: 429,
    send: async (ip) => {
      const token = crypto.randomUUID().replaceAll("-", "").repeat(2);
      return (await browserFetch(`/mail/stop?t=${token}`, { form: { t: token }, ip })).status;
    },
  },
  "sign in to the admin": {
    purpose: "admin-login",
    limit: LOGIN_ATTEMPT_LIMIT,
    windowMs: LOGIN_WINDOW_MS,
    refused: 429,
    send: async (ip) => (await browserFetch("/admin/login", { form: { password: `guess-${hex()}` }, ip })).status,
  },
  "report a CSP violation": {
    purpose: "csp-report",
    limit: CSP_REPORTS_PER_NETWORK_PER_HOUR,
    windowMs: HOUR_MS,
    refused: 204,
    send: async (ip) => (await csp(ip)).status,
  },
};

const FLOOD = 12;

describe("a refused request writes nothing", () => {
  for (const [name, endpoint] of Object.entries(endpoints)) {
    for (const family of ["IPv4", "IPv6"] as const) {
      it(`${name}: ${FLOOD} requests from one ${family} network past its allowance, each with a fresh device id${family === "IPv6" ? " and /64" : ""}, add no row`, async () => {
        const { json } = await submit({ wish: "May the flooded wish keep its quiet words" });
        const site = site48();
        const fixed = freshIp();
        const ip = () => (family === "IPv4" ? fixed : line64(site));
        await spendAllowance(ip(), endpoint.purpose, endpoint.limit, endpoint.windowMs);
        const before = await rowCount();
        const statuses: number[] = [];
        for (let i = 0; i < FLOOD; i += 1) statuses.push(await endpoint.send(ip(), json.wishId));
        expect(statuses).toEqual(Array.from({ length: FLOOD }, () => endpoint.refused));
        expect(await rowCount()).toEqual(before);
      });
    }
  }
});
