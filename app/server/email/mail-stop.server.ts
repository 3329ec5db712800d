import { API } from "~/domain/contract/api";
import { MAIL_STOP_SIGNATURE_LENGTH, mailboxKey, mailStopSigned, parseMailStopToken } from "~/domain/mailbox";
import { privateHash, sameSignature } from "../edge/hashing.server";
import { settingsOf } from "~/server/edge/settings.server";

/** The path of the page where an address asks for no more mail (app/routes/mail.stop.tsx). */
export const MAIL_STOP_PATH = "/mail/stop";

/** The one-click unsubscribe endpoint of RFC 8058 (app/routes/api.mail.unsubscribe.ts): a POST there stops the mail. */
export const ONE_CLICK_PATH = API.unsubscribe.path;

const secretOf = (env: Env) => settingsOf(env).HASH_SECRET;
const siteBase = (env: Env) => settingsOf(env).SITE_URL;

/**
 * The inbox's keyed hash (HMAC with HASH_SECRET of its mailbox key, app/domain/mailbox.ts): the key of its stop, of
 * its mail caps and of its subscription, so every spelling of one inbox is one person here and the site keeps no list
 * of addresses.
 */
export function mailboxHash(env: Env, address: string): Promise<string> {
  return privateHash(secretOf(env), "mail", mailboxKey(address));
}

/** Before ADR 0104 a stop was keyed by the address as spelled (lower case): those stops are honoured still. */
const spelledHash = (env: Env, address: string) => privateHash(secretOf(env), "mail", address.trim().toLowerCase());

/** Every key a stop of this address may be stored under: its inbox's, and its own spelling's from before ADR 0104. */
export async function stopKeys(env: Env, address: string): Promise<string[]> {
  const keys = await Promise.all([mailboxHash(env, address), spelledHash(env, address)]);
  return [...new Set(keys)];
}

const stopSignature = async (env: Env, hash: string) =>
  (await privateHash(secretOf(env), "mail-stop", mailStopSigned(hash))).slice(0, MAIL_STOP_SIGNATURE_LENGTH);

/**
 * The token of the address's stop links: its inbox's hash and the server's signature over it (ADR 0105). It needs no
 * stored row to work, so a link stops the mail for as long as the site can mail the address; only the server can make
 * one, and it stops only the inbox it was mailed to.
 */
export async function mailStopToken(env: Env, address: string): Promise<string> {
  const hash = await mailboxHash(env, address);
  return `${hash}${await stopSignature(env, hash)}`;
}

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

/** Whether a token has the shape of one (a signed link, or a link mailed before ADR 0105); nothing is proven yet. */
export function isMailStopToken(value: string | null): value is string {
  return parseMailStopToken(value) !== null;
}

const placeholders = (count: number, from = 1) => Array.from({ length: count }, (_, i) => `?${i + from}`).join(", ");

export async function mailStopped(env: Env, address: string): Promise<boolean> {
  const keys = await stopKeys(env, address);
  const row = await env.DB.prepare(`SELECT 1 AS stopped FROM mail_stops WHERE address_hash IN (${placeholders(keys.length)}) LIMIT 1`)
    .bind(...keys)
    .first();
  return row !== null;
}

/**
 * The inbox hash a token stops, or null for a token the server did not make. A signed token carries it; a link mailed
 * before ADR 0105 holds the bare hash of the address as spelled, which names an address only while its mail's outbox
 * row or its subscription does.
 */
async function stoppedInbox(env: Env, value: string): Promise<string | null> {
  const token = parseMailStopToken(value);
  if (!token) return null;
  if (token.kind === "signed") return sameSignature(await stopSignature(env, token.hash), token.signature) ? token.hash : null;
  const address = await addressOfSpelledHash(env, token.hash);
  return address === null ? null : mailboxHash(env, address);
}

async function addressOfSpelledHash(env: Pick<Env, "DB">, hash: string): Promise<string | null> {
  const row = await env.DB.prepare(
    `SELECT to_address AS address FROM outbox WHERE stop_token = ?1 AND to_address <> ''
     UNION ALL SELECT email AS address FROM newsletter_subscribers WHERE address_hash = ?1 LIMIT 1`,
  )
    .bind(hash)
    .first<{ address: string }>();
  return row?.address ?? null;
}

/** The statements that store an inbox's stop and leave its newsletter subscription (idempotent). */
function stopStatements(env: Pick<Env, "DB">, inbox: string, alsoSpelled: string, now: number): D1PreparedStatement[] {
  return [
    env.DB.prepare("INSERT INTO mail_stops (address_hash, created_at, pending_backfill) VALUES (?1, ?2, 0) ON CONFLICT DO NOTHING").bind(inbox, now),
    env.DB.prepare("UPDATE newsletter_subscribers SET unsubscribed_at = ?3 WHERE address_hash IN (?1, ?2) AND unsubscribed_at IS NULL").bind(
      inbox,
      alsoSpelled,
      now,
    ),
  ];
}

/**
 * Records the stop of the token's inbox and leaves the newsletter, in one transaction (idempotent: asking twice is
 * the same as once). Every way out leads here: "this wasn't me", the one-click header, and the newsletter's own
 * unsubscribe. A token the server did not make stores nothing. Returns whether the stop is stored, read back in the
 * same transaction, so a caller answers success only when it is.
 */
export async function stopMail(env: Env, token: string, now = Date.now()): Promise<boolean> {
  const inbox = await stoppedInbox(env, token);
  if (inbox === null) return false;
  const results = await env.DB.batch([
    ...stopStatements(env, inbox, parseMailStopToken(token)!.hash, now),
    env.DB.prepare("SELECT EXISTS (SELECT 1 FROM mail_stops WHERE address_hash = ?1) AS stopped").bind(inbox),
  ]);
  return (results.at(-1)!.results[0] as { stopped: number }).stopped === 1;
}

const STOP_LOOKUP_CHUNK = 90;

/** Which of these addresses asked for no more mail (as given), a query per 45 addresses rather than one each. */
export async function stoppedAmong(env: Env, addresses: readonly string[]): Promise<Set<string>> {
  const keys = await Promise.all(addresses.map((address) => stopKeys(env, address)));
  const flat = [...new Set(keys.flat())];
  const stopped = new Set<string>();
  for (let start = 0; start < flat.length; start += STOP_LOOKUP_CHUNK) {
    const chunk = flat.slice(start, start + STOP_LOOKUP_CHUNK);
    const { results } = await env.DB.prepare(`SELECT address_hash AS hash FROM mail_stops WHERE address_hash IN (${placeholders(chunk.length)})`)
      .bind(...chunk)
      .all<{ hash: string }>();
    for (const row of results) stopped.add(row.hash);
  }
  return new Set(addresses.filter((_, i) => keys[i]!.some((key) => stopped.has(key))));
}

export const MAIL_STOP_BACKFILL_BATCH = 50;

/**
 * Stops stored before ADR 0104 are keyed by the address as spelled: each is extended to its whole inbox when the
 * outbox or the newsletter still names the address (the cron runs this; a stop whose address is gone keeps guarding
 * its own spelling, which every check still looks up). Returns how many stops were extended.
 */
export async function backfillMailStops(env: Env, now = Date.now(), batch = MAIL_STOP_BACKFILL_BATCH): Promise<number> {
  const { results } = await env.DB.prepare("SELECT address_hash AS hash FROM mail_stops WHERE pending_backfill = 1 LIMIT ?").bind(batch).all<{ hash: string }>();
  if (results.length === 0) return 0;
  let extended = 0;
  const statements: D1PreparedStatement[] = [];
  for (const { hash } of results) {
    const address = await addressOfSpelledHash(env, hash);
    if (address !== null) {
      statements.push(...stopStatements(env, await mailboxHash(env, address), hash, now));
      extended += 1;
    }
    statements.push(env.DB.prepare("UPDATE mail_stops SET pending_backfill = 0 WHERE address_hash = ?").bind(hash));
  }
  await env.DB.batch(statements);
  return extended;
}
