import { WISH_STATUS, sqlText } from "~/domain/statuses";
import { ringVerse } from "~/domain/verse/verse";
import { deliverOutbox, queueVisitorMail } from "../email/outbox.server";
import { letterLocale, wishRangLetter } from "../email/letters.server";
import { mailStopUrl } from "../email/mail-stop.server";
import { deliverRingPushes, forgetUnannounced } from "../push/push.server";
import { verseSources } from "./verse.server";

interface RungWish {
  id: string;
  text: string;
  name: string | null;
  email: string | null;
  locale: string | null;
  ip_hash: string | null;
}

/**
 * Tells the writers of a ring's wishes that it rang, in the wish's language: a push to each browser that asked
 * (Web Push, ADR 0059), and a "your wish rang" mail to those who gave an address. Each wish is claimed once (rang_notified_at), so the cron and the alarm racing over a completed
 * ring notify once; a wish hidden or withdrawn by then is never claimed, and an address that asked for no more mail
 * gets nothing.
 */
export async function noticeRing(env: Env, ringId: string, now = Date.now()): Promise<{ mailed: number; pushed: number }> {
  const claimed = await env.DB.prepare(
    `UPDATE wishes SET rang_notified_at = ?1
     WHERE bell_ring_id = ?2 AND status = ${sqlText(WISH_STATUS.entangled)} AND hidden = 0 AND withdrawn_at IS NULL AND rang_notified_at IS NULL
     RETURNING id, text, name, email, locale, ip_hash`,
  )
    .bind(now, ringId)
    .all<RungWish>();
  const wishes = claimed.results;
  // Browsers of the ring's wishes that were hidden or withdrawn meanwhile are forgotten without a word.
  await forgetUnannounced(env, ringId);
  if (wishes.length === 0) return { mailed: 0, pushed: 0 };
  const ring = (await verseSources(env, [ringId])).get(ringId);
  if (!ring?.bitstring) return { mailed: 0, pushed: 0 };
  const pushes = await deliverRingPushes(env, { wishIds: wishes.map((wish) => wish.id), now });
  let mailed = 0;
  for (const wish of wishes) {
    // An inbox that asked for no more mail is skipped by queueVisitorMail, which checks its stop as it writes.
    if (!wish.email) continue;
    const letter = wishRangLetter(
      env,
      letterLocale(wish.locale),
      { text: wish.text, name: wish.name, ringId, verse: ringVerse(ring, letterLocale(wish.locale)) ?? [] },
      await mailStopUrl(env, wish.email),
    );
    const outcome = await queueVisitorMail(env, { ...letter, to: wish.email, kind: "wish-rang", wishId: wish.id }, wish.ip_hash ?? "unknown", undefined, now);
    if (outcome === "queued") mailed += 1;
  }
  if (mailed > 0) await deliverOutbox(env);
  return { mailed, pushed: pushes.delivered };
}
