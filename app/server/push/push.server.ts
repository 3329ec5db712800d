import { sendPushNotification } from "web-push-browser";
import { ERROR_CODE } from "~/domain/error-codes";
import { LOCALE_INFO, type Locale } from "~/domain/locale";
import { isolating } from "~/domain/bidi";
import {
  PUSH_ENDPOINT_REFUSED,
  PUSH_NOT_YOURS,
  PUSH_RANG_TITLE,
  PUSH_TOO_MANY,
  PUSH_UNAVAILABLE,
  PUSH_WISH_NOT_WAITING,
  WISH_NOT_FOUND,
} from "~/domain/messages";
import { pushEndpointAllowed, RING_PUSH_TTL_SECONDS, type PushSubscriptionInput, type RingPushPayload } from "~/domain/push";
import { RING_STATUS, WISH_STATUS, sqlText } from "~/domain/statuses";
import { ringVerse } from "~/domain/verse/verse";
import { translatorFor } from "~/i18n/catalogues.server";
import { letterLocale, siteLink } from "../email/letters.server";
import { privateHash } from "../edge/hashing.server";
import { ApiError } from "../edge/http.server";
import { pushSettings, settingsOf, type PushSettings } from "../edge/settings.server";
import { verseSources } from "../rings/verse.server";

/** Browsers one wish may ask to tell (a phone and a laptop, say): bounded, as wishes per network are. */
export const PUSH_SUBSCRIPTIONS_PER_WISH = 3;
const PUSH_TIMEOUT_MS = 10_000;

const timeout = (ms: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new DOMException("The push service did not answer in time.", "TimeoutError")), ms));

const vapidKeys = new Map<string, Promise<CryptoKeyPair>>();

/** The operator's VAPID pair as signing keys, imported once per isolate. */
function vapidKeyPair(settings: PushSettings): Promise<CryptoKeyPair> {
  let pair = vapidKeys.get(settings.publicKey);
  if (!pair) {
    const algorithm = { name: "ECDSA", namedCurve: "P-256" };
    const point = Uint8Array.from(atob(settings.publicKey.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    pair = Promise.all([
      crypto.subtle.importKey("raw", point, algorithm, true, ["verify"]),
      crypto.subtle.importKey("jwk", settings.privateJwk, algorithm, false, ["sign"]),
    ]).then(([publicKey, privateKey]) => ({ publicKey, privateKey }));
    pair.catch(() => vapidKeys.delete(settings.publicKey));
    vapidKeys.set(settings.publicKey, pair);
  }
  return pair;
}

/** The public half of the VAPID pair, for the browser's `applicationServerKey`; null when push is not set up. */
export function vapidPublicKey(env: Env): string | null {
  return pushSettings(env)?.publicKey ?? null;
}

/**
 * Keeps a browser's subscription for a wish still waiting, asked by the device that wrote it. Asking again with the
 * same endpoint refreshes its keys; the count per wish is checked inside the INSERT, so parallel asks cannot pass it.
 */
export async function subscribeToRing(env: Env, wishId: string, fingerprint: string, subscription: PushSubscriptionInput, now = Date.now()): Promise<void> {
  const settings = pushSettings(env);
  if (!settings) throw new ApiError(404, PUSH_UNAVAILABLE);
  if (!pushEndpointAllowed(subscription.endpoint, settings.extraHosts)) throw new ApiError(400, PUSH_ENDPOINT_REFUSED, { field: "endpoint" });
  const wish = await env.DB.prepare("SELECT fingerprint_hash, status, hidden FROM wishes WHERE id = ? AND withdrawn_at IS NULL")
    .bind(wishId)
    .first<{ fingerprint_hash: string; status: string; hidden: number }>();
  if (!wish || wish.hidden) throw new ApiError(404, WISH_NOT_FOUND);
  if (wish.fingerprint_hash !== (await privateHash(settingsOf(env).HASH_SECRET, "fingerprint", fingerprint))) throw new ApiError(403, PUSH_NOT_YOURS);
  if (wish.status === WISH_STATUS.entangled) throw new ApiError(409, PUSH_WISH_NOT_WAITING);
  const { meta } = await env.DB.prepare(
    `INSERT INTO push_subscriptions (id, wish_id, endpoint, p256dh, auth, created_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE (SELECT COUNT(*) FROM push_subscriptions WHERE wish_id = ?2 AND endpoint != ?3) < ?7
     ON CONFLICT (wish_id, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth`,
  )
    .bind(crypto.randomUUID(), wishId, subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth, now, PUSH_SUBSCRIPTIONS_PER_WISH)
    .run();
  if (meta.changes === 0) throw new ApiError(429, PUSH_TOO_MANY, { code: ERROR_CODE.rateLimited });
}

/** The notification a rung wish's browsers get: its ring's verse, in the wish's language and direction. */
export function ringPushPayload(env: Env, locale: Locale, ringId: string, verse: readonly string[]): RingPushPayload {
  const t = isolating(translatorFor(locale));
  const { tag, dir } = LOCALE_INFO[locale];
  return { title: t(PUSH_RANG_TITLE), body: verse.join("\n"), url: siteLink(env, `/bell/${ringId}`, locale), tag: `ring-${ringId}`, lang: tag, dir };
}

interface OwedPush {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  attempts: number;
  locale: string | null;
  ring_id: string;
  notified_at: number;
}

export interface PushReport {
  delivered: number;
  expired: number;
  retrying: number;
  dropped: number;
}

/** A ring's notice that could not be pushed is tried again by the cron this many times, within its TTL. */
export const MAX_PUSH_ATTEMPTS = 5;
const PUSH_BATCH = 50;

/**
 * Pushes the ring's notice to every browser owed one: a subscription whose wish has been rung and announced
 * (rang_notified_at). A subscription lives while its wish waits and for that one notice: delivered, it is deleted; a
 * push service's 404 or 410 says it is gone, and it is deleted; any other failure is counted and tried again by the
 * cron until MAX_PUSH_ATTEMPTS or the notice's TTL, then dropped (logged with our words and the status, never the
 * service's text). `wishIds` limits a call to one ring's wishes.
 */
export async function deliverRingPushes(
  env: Env,
  { wishIds, now = Date.now() }: { wishIds?: string[]; now?: number } = {},
): Promise<PushReport> {
  const report: PushReport = { delivered: 0, expired: 0, retrying: 0, dropped: 0 };
  const only = wishIds ? `AND w.id IN (${wishIds.map(() => "?").join(", ")})` : "";
  if (wishIds?.length === 0) return report;
  const { results } = await env.DB.prepare(
    `SELECT s.id, s.endpoint, s.p256dh, s.auth, s.attempts, w.locale, w.bell_ring_id AS ring_id, w.rang_notified_at AS notified_at
     FROM push_subscriptions s JOIN wishes w ON w.id = s.wish_id JOIN bell_rings r ON r.id = w.bell_ring_id
     WHERE w.rang_notified_at IS NOT NULL AND r.status = ${sqlText(RING_STATUS.completed)} AND r.bitstring IS NOT NULL ${only} LIMIT ${PUSH_BATCH}`,
  )
    .bind(...(wishIds ?? []))
    .all<OwedPush>();
  // Each notice carries its ring's verse in its wish's language (ADR 0091), written from what the ring stores.
  const verses = await verseSources(env, [...new Set(results.map((owed) => owed.ring_id))]);
  const settings = pushSettings(env);
  const keys = settings ? await vapidKeyPair(settings) : null;
  const forget = (id: string) => env.DB.prepare("DELETE FROM push_subscriptions WHERE id = ?").bind(id).run();
  for (const owed of results) {
    const stale = now - owed.notified_at > RING_PUSH_TTL_SECONDS * 1000;
    if (!settings || !keys || stale || !pushEndpointAllowed(owed.endpoint, settings.extraHosts)) {
      await forget(owed.id);
      report.dropped += 1;
      continue;
    }
    let status: number | "error";
    try {
      const locale = letterLocale(owed.locale);
      const payload = ringPushPayload(env, locale, owed.ring_id, ringVerse(verses.get(owed.ring_id) ?? { bitstring: null, counts: null, wishes: [] }, locale) ?? []);
      // RFC 8291 aes128gcm and an RFC 8292 vapid header, by web-push-browser (ADR 0059). It takes no abort signal,
      // so a push service that never answers is given up on here and the notice retried by the cron.
      const sending = sendPushNotification(keys, { endpoint: owed.endpoint, keys: { p256dh: owed.p256dh, auth: owed.auth } }, settings.subject, JSON.stringify(payload), {
        algorithm: "aes128gcm",
        ttl: RING_PUSH_TTL_SECONDS,
        urgency: "normal",
      });
      const response = await Promise.race([sending, timeout(PUSH_TIMEOUT_MS)]);
      await response.body?.cancel();
      status = response.status;
    } catch (error) {
      console.error("A ring's notice could not be pushed", { error: error instanceof Error ? error.name : "unknown" });
      status = "error";
    }
    if (typeof status === "number" && status >= 200 && status < 300) {
      await forget(owed.id);
      report.delivered += 1;
    } else if (status === 404 || status === 410) {
      await forget(owed.id);
      report.expired += 1;
    } else if (owed.attempts + 1 >= MAX_PUSH_ATTEMPTS) {
      if (status !== "error") console.error("A push service refused a ring's notice", { status });
      await forget(owed.id);
      report.dropped += 1;
    } else {
      if (status !== "error") console.error("A push service refused a ring's notice; it will be tried again", { status });
      await env.DB.prepare("UPDATE push_subscriptions SET attempts = attempts + 1 WHERE id = ?").bind(owed.id).run();
      report.retrying += 1;
    }
  }
  return report;
}

/** Forgets the browsers of a ring's wishes that will get no notice (hidden or withdrawn while the ring ran). */
export async function forgetUnannounced(env: Env, ringId: string): Promise<void> {
  await env.DB.prepare("DELETE FROM push_subscriptions WHERE wish_id IN (SELECT id FROM wishes WHERE bell_ring_id = ? AND rang_notified_at IS NULL)").bind(ringId).run();
}
