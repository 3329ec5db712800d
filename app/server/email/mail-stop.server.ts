import { API } from "~/domain/contract/api";
import { eq, inArray } from "drizzle-orm";
import { database } from "../db/client.server";
import { mailStops } from "../db/schema";
import { privateHash } from "../edge/hashing.server";
import { settingsOf } from "~/server/edge/settings.server";

/** The path of the page where an address asks for no more mail (app/routes/mail.stop.tsx). */
export const MAIL_STOP_PATH = "/mail/stop";

const normalised = (address: string) => address.trim().toLowerCase();

/**
 * The address's private hash: the token in its "this wasn't me" link and the key of its stop. Only the server can
 * make it (HASH_SECRET), so a link stops only the address it was mailed to, and a made-up token stops nothing.
 */
export function mailStopToken(env: Env, address: string): Promise<string> {
  return privateHash(settingsOf(env).HASH_SECRET, "mail", normalised(address));
}

/** The one-click unsubscribe endpoint of RFC 8058 (app/routes/api.mail.unsubscribe.ts): a POST there stops the mail. */
export const ONE_CLICK_PATH = API.unsubscribe.path;

const siteBase = (env: Env) => settingsOf(env).SITE_URL;

export async function mailStopUrl(env: Env, address: string): Promise<string> {
  return `${siteBase(env)}${MAIL_STOP_PATH}?t=${await mailStopToken(env, address)}`;
}

/**
 * RFC 8058 one-click unsubscribe headers for a mail to this address: the receiving mail system POSTs
 * `List-Unsubscribe=One-Click` to the HTTPS URL, which stops all mail to the address, as the body's link does.
 */
export async function listUnsubscribeHeaders(env: Env, address: string): Promise<Record<string, string>> {
  return {
    "List-Unsubscribe": `<${siteBase(env)}${ONE_CLICK_PATH}?t=${await mailStopToken(env, address)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

export async function mailStopped(env: Env, address: string): Promise<boolean> {
  const row = await database(env).query.mailStops.findFirst({ where: eq(mailStops.addressHash, await mailStopToken(env, address)) });
  return row !== undefined;
}

const TOKEN = /^[0-9a-f]{64}$/;

export function isMailStopToken(value: string | null): value is string {
  return value !== null && TOKEN.test(value);
}

/**
 * Records the stop and leaves the newsletter, in one transaction (idempotent: asking twice is the same as once).
 * Every way out leads here: "this wasn't me", the one-click header, and the newsletter's own unsubscribe. Only for
 * an address the site has mailed or that subscribed: a made-up token stores nothing, so the table holds at most one
 * row per such address (docs/product.md#one-person-one-share). Returns whether the token names such an address.
 */
export async function stopMail(env: Pick<Env, "DB">, token: string, now = Date.now()): Promise<boolean> {
  const [, , known] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO mail_stops (address_hash, created_at) SELECT ?1, ?2
       WHERE EXISTS (SELECT 1 FROM outbox WHERE stop_token = ?1) OR EXISTS (SELECT 1 FROM newsletter_subscribers WHERE address_hash = ?1)
       ON CONFLICT DO NOTHING`,
    ).bind(token, now),
    env.DB.prepare("UPDATE newsletter_subscribers SET unsubscribed_at = ?2 WHERE address_hash = ?1 AND unsubscribed_at IS NULL").bind(token, now),
    env.DB.prepare("SELECT EXISTS (SELECT 1 FROM mail_stops WHERE address_hash = ?1) AS stopped").bind(token),
  ]);
  return (known.results[0] as { stopped: number }).stopped === 1;
}

const STOP_LOOKUP_CHUNK = 90;

/** Which of these addresses asked for no more mail (as given), a query per 90 addresses rather than one each. */
export async function stoppedAmong(env: Env, addresses: readonly string[]): Promise<Set<string>> {
  const tokens = await Promise.all(addresses.map((address) => mailStopToken(env, address)));
  const stopped = new Set<string>();
  for (let start = 0; start < tokens.length; start += STOP_LOOKUP_CHUNK) {
    const chunk = tokens.slice(start, start + STOP_LOOKUP_CHUNK);
    const rows = await database(env).select({ hash: mailStops.addressHash }).from(mailStops).where(inArray(mailStops.addressHash, chunk));
    for (const row of rows) stopped.add(row.hash);
  }
  return new Set(addresses.filter((_, i) => stopped.has(tokens[i])));
}
