import { localizePath, splitLocalePath } from "~/domain/locale";
import { DAY_MS, HOUR_MS } from "~/domain/limits";
import { eq } from "drizzle-orm";
import { fieldErrors, NEWSLETTER_HOURLY_LIMIT, newsletterSchema } from "~/domain/contact";
import { database } from "../db/client.server";
import { newsletterSubscribers } from "../db/schema";
import { queueVisitorMail } from "../email/outbox.server";
import { confirmationLetter } from "../email/letters.server";
import { networkHashes } from "../edge/hashing.server";
import { mailboxHash, mailStopped, mailStopUrl } from "../email/mail-stop.server";
import { hitNetworkLimit } from "../edge/rate-limit.server";
import { settingsOf } from "~/server/edge/settings.server";

/** A pending subscription gets a new letter no sooner than this after its last one. */
export const CONFIRMATION_RESEND_MS = DAY_MS;
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export type SubscribeResult =
  | { status: "pending" }
  | { status: "invalid"; errors: Record<string, string> }
  | { status: "rate-limited"; retryAfterSeconds: number };

function newToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Double opt-in: the address is stored unconfirmed with a fresh token, then the confirmation letter is queued under
 * the recipient caps of every visitor mail. Everyone gets the same answer, subscribed or not, so the form reveals no
 * addresses.
 */
export async function subscribe(
  env: Env,
  request: Request,
  form: FormData,
): Promise<SubscribeResult> {
  const parsed = newsletterSchema.safeParse({ email: form.get("email") });
  if (!parsed.success) return { status: "invalid", errors: fieldErrors(parsed.error) };
  const network = await networkHashes(settingsOf(env).HASH_SECRET, request);
  const limit = await hitNetworkLimit(env, network, "newsletter", NEWSLETTER_HOURLY_LIMIT, HOUR_MS);
  if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfter };

  const email = parsed.data.email.toLowerCase();
  // An address that asked for no more mail gets no letter, and the form answers as it does for everyone.
  if (await mailStopped(env, email)) return { status: "pending" };

  // One pending confirmation per address: a new token (and letter) only for an address that is not subscribed and
  // was not sent a letter in the last day, decided by the upsert itself so concurrent requests cannot both win.
  const token = newToken();
  const now = Date.now();
  // The inbox's keyed hash lets a stop find the row without the address (ADR 0042, ADR 0104).
  const addressHash = await mailboxHash(env, email);
  // The form posts to its page's own path (/fr/newsletter): that language is stored for the letters.
  const { locale } = splitLocalePath(new URL(request.url).pathname);
  const won = await env.DB.prepare(
    `INSERT INTO newsletter_subscribers (email, token, created_at, address_hash, locale) VALUES (?1, ?2, ?3, ?5, ?6)
     ON CONFLICT (email) DO UPDATE SET token = excluded.token, created_at = excluded.created_at, unsubscribed_at = NULL,
       address_hash = excluded.address_hash, locale = excluded.locale
       WHERE newsletter_subscribers.unsubscribed_at IS NOT NULL
          OR (newsletter_subscribers.confirmed_at IS NULL AND newsletter_subscribers.created_at < ?4)
     RETURNING email`,
  )
    .bind(email, token, now, now - CONFIRMATION_RESEND_MS, addressHash, locale)
    .first();
  if (!won) return { status: "pending" };
  const confirmUrl = `${settingsOf(env).SITE_URL}${localizePath("/newsletter", locale)}?token=${token}`;
  const letter = confirmationLetter(env, locale, confirmUrl, await mailStopUrl(env, email));
  // The letter obeys the recipient caps of every visitor mail; past them the form still answers the same.
  await queueVisitorMail(env, { kind: "newsletter-confirm", to: email, ...letter }, network.network, undefined, now);
  return { status: "pending" };
}

/** Confirms the address the token was sent to; a used or unknown token confirms nothing. */
export async function confirmSubscription(env: Pick<Env, "DB">, token: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const row = await database(env)
    .update(newsletterSubscribers)
    .set({ confirmedAt: Date.now() })
    .where(eq(newsletterSubscribers.token, token))
    .returning({ email: newsletterSubscribers.email })
    .get();
  return row !== undefined;
}
