import { eq } from "drizzle-orm";
import { database } from "../db/client.server";
import { mailStops } from "../db/schema";
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

export async function mailStopUrl(env: Pick<Env, "HASH_SECRET" | "SITE_URL">, address: string): Promise<string> {
  return `${env.SITE_URL.replace(/\/+$/, "")}${MAIL_STOP_PATH}?t=${await mailStopToken(env, address)}`;
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
 * Records the stop (idempotent: asking twice is the same as once), only for an address the site has mailed: a
 * made-up token stores nothing, so the table holds at most one row per address ever mailed (issue 31).
 * Returns whether the token names such an address.
 */
export async function stopMail(env: Pick<Env, "DB">, token: string, now = Date.now()): Promise<boolean> {
  const [, known] = await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO mail_stops (address_hash, created_at) SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM outbox WHERE stop_token = ?1) ON CONFLICT DO NOTHING",
    ).bind(token, now),
    env.DB.prepare("SELECT EXISTS (SELECT 1 FROM mail_stops WHERE address_hash = ?1) AS stopped").bind(token),
  ]);
  return (known.results[0] as { stopped: number }).stopped === 1;
}
