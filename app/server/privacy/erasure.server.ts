import { WISH_NOT_FOUND, WISH_NOT_YOURS } from "~/domain/messages";
import { ERROR_CODE } from "~/domain/error-codes";
import { wishAngle } from "~/domain/circuit";
import { privateHash } from "../edge/hashing.server";
import { ApiError } from "../edge/http.server";
import { readsChanged } from "../edge/read-cache.server";
import { settingsOf } from "~/server/edge/settings.server";

/** What a deletion removed, by kind, for the operator's notice and the log: never an address or a text. */
export type ErasureCounts = Record<string, number>;

/** One line per deletion in the Worker's log: what kind, how many, and no address, text or id of a person. */
export function logErasure(kind: string, counts: ErasureCounts): void {
  console.log(JSON.stringify({ event: "erasure", kind, ...counts }));
}

interface WishForErasure {
  id: string;
  text: string;
  bell_ring_id: string | null;
  fingerprint_hash: string;
}

const findWish = (env: Pick<Env, "DB">, id: string) =>
  env.DB.prepare("SELECT id, text, bell_ring_id, fingerprint_hash FROM wishes WHERE id = ? AND withdrawn_at IS NULL").bind(id).first<WishForErasure>();

/**
 * Removes a wish and what hangs on it (its resonances and reports), in one batch. The site's counters, the country's
 * counts and the wall's cells follow by trigger (migrations/0002, 0006). A wish that belongs to a ring keeps its
 * place there as "a wish withdrawn": hidden, its text and every personal field emptied, its qubit's rotation kept, so
 * the ring's bits, counts and diagram stay what ran.
 */
async function eraseWish(env: Pick<Env, "DB">, wish: WishForErasure, now: number): Promise<void> {
  const dependents = [
    env.DB.prepare("DELETE FROM resonances WHERE wish_id = ?").bind(wish.id),
    env.DB.prepare("DELETE FROM reports WHERE wish_id = ?").bind(wish.id),
    // A withdrawn wish tells no browser it rang (docs/product.md#the-loop-back).
    env.DB.prepare("DELETE FROM push_subscriptions WHERE wish_id = ?").bind(wish.id),
  ];
  if (wish.bell_ring_id === null) {
    await env.DB.batch([...dependents, env.DB.prepare("DELETE FROM wishes WHERE id = ?").bind(wish.id)]);
  } else {
    const angle = await wishAngle(wish.bell_ring_id, wish.text);
    await env.DB.batch([
      ...dependents,
      // Hidden first, while the text is still what the triggers counted, then emptied.
      env.DB.prepare("UPDATE wishes SET hidden = 1 WHERE id = ?").bind(wish.id),
      env.DB.prepare(
        `UPDATE wishes SET text = '', name = NULL, email = NULL, for_name = NULL, for_token = NULL, country = NULL, country_code = NULL, location = NULL,
           lat = NULL, lon = NULL, fingerprint_hash = '', ip_hash = NULL, resonance_count = 0, report_count = 0,
           withdrawn_at = ?, withdrawn_angle = ? WHERE id = ?`,
      ).bind(now, angle, wish.id),
    ]);
  }
  readsChanged();
}

/** The operator's deletion of one wish (/admin). */
export async function deleteWishByOperator(env: Pick<Env, "DB">, id: string, now = Date.now()): Promise<void> {
  const wish = await findWish(env, id);
  if (!wish) throw new ApiError(404, WISH_NOT_FOUND);
  await eraseWish(env, wish, now);
  logErasure("wish", { wishes: 1, rung: wish.bell_ring_id === null ? 0 : 1 });
}

/** A visitor withdraws their own wish, from the device that wrote it (the "your wish" card). */
export async function withdrawOwnWish(env: Env, id: string, fingerprint: string, now = Date.now()): Promise<void> {
  const wish = await findWish(env, id);
  if (!wish) throw new ApiError(404, WISH_NOT_FOUND);
  if (wish.fingerprint_hash !== (await privateHash(settingsOf(env).HASH_SECRET, "fingerprint", fingerprint))) {
    throw new ApiError(403, WISH_NOT_YOURS, { code: ERROR_CODE.forbidden });
  }
  await eraseWish(env, wish, now);
  logErasure("own-wish", { wishes: 1 });
}

export async function deleteMessage(env: Pick<Env, "DB">, id: string): Promise<number> {
  const { meta } = await env.DB.prepare("DELETE FROM contact_messages WHERE id = ?").bind(id).run();
  logErasure("message", { messages: meta.changes });
  return meta.changes;
}

/** Marks a contact message kept past its retention bound, or lets it go again. */
export async function keepMessage(env: Pick<Env, "DB">, id: string, keep: boolean, now = Date.now()): Promise<void> {
  await env.DB.prepare("UPDATE contact_messages SET kept_at = ? WHERE id = ?").bind(keep ? now : null, id).run();
}

export async function deleteSubscriber(env: Pick<Env, "DB">, email: string): Promise<number> {
  const { meta } = await env.DB.prepare("DELETE FROM newsletter_subscribers WHERE email = lower(?)").bind(email.trim()).run();
  logErasure("subscriber", { subscribers: meta.changes });
  return meta.changes;
}

/**
 * Everything held for one e-mail address, in one batch: the e-mail field of its wishes (the wishes stay, they are
 * public and carry no address), its subscription, its mail in the outbox and its contact messages.
 */
export async function eraseAddress(env: Pick<Env, "DB">, address: string): Promise<ErasureCounts> {
  const email = address.trim();
  const [wishRows, subscribers, mail, messages] = await env.DB.batch([
    env.DB.prepare("UPDATE wishes SET email = NULL WHERE lower(email) = lower(?)").bind(email),
    env.DB.prepare("DELETE FROM newsletter_subscribers WHERE lower(email) = lower(?)").bind(email),
    env.DB.prepare("DELETE FROM outbox WHERE lower(to_address) = lower(?)").bind(email),
    env.DB.prepare("DELETE FROM contact_messages WHERE lower(email) = lower(?)").bind(email),
  ]);
  const counts = { wishes: wishRows.meta.changes, subscribers: subscribers.meta.changes, mail: mail.meta.changes, messages: messages.meta.changes };
  logErasure("address", counts);
  return counts;
}
