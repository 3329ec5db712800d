import { translatorFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE } from "~/domain/locale";
import { HOUR_MS } from "~/domain/limits";
import { eq } from "drizzle-orm";
import { monotonicFactory } from "ulidx";
import { fieldErrors, NEWSLETTER_HOURLY_LIMIT, newsletterSchema } from "~/domain/contact";
import { mailStopLine } from "~/domain/messages";
import { database } from "./db/client.server";
import { newsletterSubscribers, outbox } from "./db/schema";
import { mailStopped, mailStopToken, mailStopUrl } from "./email/mail-stop.server";
import { networkHash } from "./hashing.server";
import { consumeRateLimit } from "./rate-limit.server";

const newId = monotonicFactory();
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export type SubscribeResult =
  | { status: "pending" }
  | { status: "invalid"; errors: Record<string, string> }
  | { status: "rate-limited"; retryAfterSeconds: number };

function newToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function confirmationLetter(siteName: string, confirmUrl: string, stopUrl: string): { subject: string; body: string } {
  return {
    subject: `Please confirm your ${siteName} newsletter subscription`,
    body: [
      "Hello,",
      "",
      `Someone, hopefully you, asked to receive the ${siteName} newsletter at this address.`,
      "To confirm, open this link:",
      "",
      confirmUrl,
      "",
      "If it was not you, ignore this message: without confirmation nothing is sent and the address is forgotten.",
      "",
      `With hope, the ${siteName} team`,
      "",
      mailStopLine(translatorFor(DEFAULT_LOCALE), stopUrl),
    ].join("\n"),
  };
}

/**
 * Double opt-in: the address is stored unconfirmed with a fresh token, and the confirmation letter goes to the
 * outbox in the same D1 batch. Everyone gets the same answer, subscribed or not, so the form reveals no addresses.
 */
export async function subscribe(
  env: Pick<Env, "DB" | "HASH_SECRET" | "SITE_URL" | "SITE_NAME">,
  request: Request,
  form: FormData,
): Promise<SubscribeResult> {
  const parsed = newsletterSchema.safeParse({ email: form.get("email") });
  if (!parsed.success) return { status: "invalid", errors: fieldErrors(parsed.error) };
  const ipHash = await networkHash(env.HASH_SECRET, request);
  const limit = await consumeRateLimit(env.DB, `newsletter:${ipHash}`, NEWSLETTER_HOURLY_LIMIT, HOUR_MS);
  if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };

  const email = parsed.data.email.toLowerCase();
  const db = database(env);
  const existing = await db
    .select({ confirmedAt: newsletterSubscribers.confirmedAt, unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email))
    .get();
  if (existing?.confirmedAt && !existing.unsubscribedAt) return { status: "pending" };
  // An address that asked for no more mail gets no letter, and the form answers as it does for everyone.
  if (await mailStopped(env, email)) return { status: "pending" };

  const token = newToken();
  const now = Date.now();
  const confirmUrl = `${env.SITE_URL.replace(/\/+$/, "")}/newsletter?token=${token}`;
  const letter = confirmationLetter(env.SITE_NAME, confirmUrl, await mailStopUrl(env, email));
  const addressHash = await mailStopToken(env, email);
  await db.batch([
    db
      .insert(newsletterSubscribers)
      .values({ email, token, createdAt: now, addressHash })
      .onConflictDoUpdate({ target: newsletterSubscribers.email, set: { token, createdAt: now, unsubscribedAt: null, addressHash } }),
    db.insert(outbox).values({ id: newId(), kind: "newsletter-confirm", toAddress: email, ...letter, createdAt: now }),
  ]);
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
