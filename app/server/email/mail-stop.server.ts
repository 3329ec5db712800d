import { and, eq, inArray, isNull } from "drizzle-orm";
import { database } from "../db/client.server";
import { mailStops, newsletterSubscribers } from "../db/schema";
import { privateHash } from "../hashing.server";

/** The path of the page where an address asks for no more mail (app/routes/mail.stop.tsx). */
export const MAIL_STOP_PATH = "/mail/stop";

const normalised = (address: string) => address.trim().toLowerCase();

/**
 * The address's private hash: the token in its "this wasn't me" link and the key of its stop. Only the server can
 * make it (HASH_SECRET), so a link stops only the address it was mailed to, and a made-up token stops nothing.
 */
export function mailStopToken(env: Pick<Env, "HASH_SECRET">, address: string): Promise<string> {
  return privateHash(env.HASH_SECRET, "mail", normalised(address));
}

/** The one-click unsubscribe endpoint of RFC 8058 (app/routes/api.mail.unsubscribe.ts): a POST there stops the mail. */
export const ONE_CLICK_PATH = "/api/mail/unsubscribe";

const siteBase = (env: Pick<Env, "SITE_URL">) => env.SITE_URL.replace(/\/+$/, "");

export async function mailStopUrl(env: Pick<Env, "HASH_SECRET" | "SITE_URL">, address: string): Promise<string> {
  return `${siteBase(env)}${MAIL_STOP_PATH}?t=${await mailStopToken(env, address)}`;
}

/**
 * RFC 8058 one-click unsubscribe headers for a mail to this address: the receiving mail system POSTs
 * `List-Unsubscribe=One-Click` to the HTTPS URL, which stops all mail to the address, as the body's link does.
 */
export async function listUnsubscribeHeaders(env: Pick<Env, "HASH_SECRET" | "SITE_URL">, address: string): Promise<Record<string, string>> {
  return {
    "List-Unsubscribe": `<${siteBase(env)}${ONE_CLICK_PATH}?t=${await mailStopToken(env, address)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

export async function mailStopped(env: Pick<Env, "DB" | "HASH_SECRET">, address: string): Promise<boolean> {
  const row = await database(env).query.mailStops.findFirst({ where: eq(mailStops.addressHash, await mailStopToken(env, address)) });
  return row !== undefined;
}

const TOKEN = /^[0-9a-f]{64}$/;

export function isMailStopToken(value: string | null): value is string {
  return value !== null && TOKEN.test(value);
}

/**
 * Records the stop and leaves the newsletter, in one transaction (idempotent: asking twice is the same as once).
 * Every way out leads here: "this wasn't me", the one-click header, and the newsletter's own unsubscribe.
 */
export async function stopMail(env: Pick<Env, "DB">, token: string, now = Date.now()): Promise<void> {
  const db = database(env);
  await db.batch([
    db.insert(mailStops).values({ addressHash: token, createdAt: now }).onConflictDoNothing(),
    db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: now })
      .where(and(eq(newsletterSubscribers.addressHash, token), isNull(newsletterSubscribers.unsubscribedAt))),
  ]);
}

const STOP_LOOKUP_CHUNK = 90;

/** Which of these addresses asked for no more mail (as given), a query per 90 addresses rather than one each. */
export async function stoppedAmong(env: Pick<Env, "DB" | "HASH_SECRET">, addresses: readonly string[]): Promise<Set<string>> {
  const tokens = await Promise.all(addresses.map((address) => mailStopToken(env, address)));
  const stopped = new Set<string>();
  for (let start = 0; start < tokens.length; start += STOP_LOOKUP_CHUNK) {
    const chunk = tokens.slice(start, start + STOP_LOOKUP_CHUNK);
    const rows = await database(env).select({ hash: mailStops.addressHash }).from(mailStops).where(inArray(mailStops.addressHash, chunk));
    for (const row of rows) stopped.add(row.hash);
  }
  return new Set(addresses.filter((_, i) => stopped.has(tokens[i])));
}
