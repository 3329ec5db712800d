import { WISH_NOT_FOUND, WISH_NOT_YOURS } from "~/domain/messages";
import { ERROR_CODE } from "~/domain/error-codes";
import { wishAngle } from "~/domain/circuit";
import type { ErasureEntry } from "~/domain/erasure-ledger";
import { privateHash } from "../edge/hashing.server";
import { ApiError } from "../edge/http.server";
import { log } from "../edge/log.server";
import { readsChanged } from "../edge/read-cache.server";
import { settingsOf } from "~/server/edge/settings.server";
import { mailStopToken } from "../email/mail-stop.server";
import { erasuresToApply, markApplied, recordErasure, type LedgerMark } from "./erasure-ledger.server";
import { deleteMailCounted } from "./retention.server";

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
 * Removes a wish and what hangs on it (its resonances, reports, push subscriptions and every mail about it), in one
 * batch with its ledger mark. The site's counters, the country's counts and the wall's cells follow by trigger
 * (migrations/0002, 0006). A wish that belongs to a ring keeps its place there as "a wish withdrawn": hidden, its
 * text and every personal field emptied, its qubit's rotation kept, so the ring's bits, counts and diagram stay what ran.
 */
async function eraseWish(env: Pick<Env, "DB">, wish: WishForErasure, mark: LedgerMark): Promise<void> {
  const dependents = [
    env.DB.prepare("DELETE FROM resonances WHERE wish_id = ?").bind(wish.id),
    env.DB.prepare("DELETE FROM reports WHERE wish_id = ?").bind(wish.id),
    // A withdrawn wish tells no browser it rang (docs/product.md#the-loop-back).
    env.DB.prepare("DELETE FROM push_subscriptions WHERE wish_id = ?").bind(wish.id),
    // Its copy and its "your wish rang" hold its text, name and address: they go too, sent or not (counted).
    ...deleteMailCounted(env.DB, "wish_id = ?1", wish.id),
    markApplied(env.DB, mark),
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
      ).bind(mark.at, angle, wish.id),
    ]);
  }
  readsChanged();
}

/** The operator's deletion of one wish (/admin). */
export async function deleteWishByOperator(env: Env, id: string, now = Date.now()): Promise<void> {
  const wish = await findWish(env, id);
  if (!wish) throw new ApiError(404, WISH_NOT_FOUND);
  await eraseWish(env, wish, await recordErasure(env, { kind: "wish", id }, now));
  logErasure("wish", { wishes: 1, rung: wish.bell_ring_id === null ? 0 : 1 });
}

/** A visitor withdraws their own wish, from the device that wrote it (the "your wish" card). */
export async function withdrawOwnWish(env: Env, id: string, fingerprint: string, now = Date.now()): Promise<void> {
  const wish = await findWish(env, id);
  if (!wish) throw new ApiError(404, WISH_NOT_FOUND);
  if (wish.fingerprint_hash !== (await privateHash(settingsOf(env).HASH_SECRET, "fingerprint", fingerprint))) {
    throw new ApiError(403, WISH_NOT_YOURS, { code: ERROR_CODE.forbidden });
  }
  await eraseWish(env, wish, await recordErasure(env, { kind: "wish", id }, now));
  logErasure("own-wish", { wishes: 1 });
}

const eraseMessage = async (env: Pick<Env, "DB">, id: string, mark: LedgerMark) =>
  (await env.DB.batch([env.DB.prepare("DELETE FROM contact_messages WHERE id = ?").bind(id), markApplied(env.DB, mark)]))[0]!.meta.changes;

export async function deleteMessage(env: Env, id: string, now = Date.now()): Promise<number> {
  const changes = await eraseMessage(env, id, await recordErasure(env, { kind: "message", id }, now));
  logErasure("message", { messages: changes });
  return changes;
}

/** Marks a contact message kept past its retention bound, or lets it go again. */
export async function keepMessage(env: Pick<Env, "DB">, id: string, keep: boolean, now = Date.now()): Promise<void> {
  await env.DB.prepare("UPDATE contact_messages SET kept_at = ? WHERE id = ?").bind(keep ? now : null, id).run();
}

const eraseSubscriber = async (env: Pick<Env, "DB">, emails: readonly string[], mark: LedgerMark) => {
  const results = await env.DB.batch([
    ...emails.map((email) => env.DB.prepare("DELETE FROM newsletter_subscribers WHERE email = lower(?)").bind(email.trim())),
    markApplied(env.DB, mark),
  ]);
  return results.slice(0, -1).reduce((sum, result) => sum + result.meta.changes, 0);
};

export async function deleteSubscriber(env: Env, email: string, now = Date.now()): Promise<number> {
  const mark = await recordErasure(env, { kind: "subscriber", addressHash: await mailStopToken(env, email) }, now);
  const changes = await eraseSubscriber(env, [email], mark);
  logErasure("subscriber", { subscribers: changes });
  return changes;
}

/** The statements that erase everything held for one address (see eraseAddress). */
const addressStatements = (db: D1Database, email: string) => [
  db.prepare("UPDATE wishes SET email = NULL WHERE lower(email) = lower(?)").bind(email),
  db.prepare("DELETE FROM newsletter_subscribers WHERE lower(email) = lower(?)").bind(email),
  db.prepare("DELETE FROM outbox WHERE lower(to_address) = lower(?)").bind(email),
  db.prepare("DELETE FROM contact_messages WHERE lower(email) = lower(?)").bind(email),
];

/**
 * Everything held for one e-mail address, in one batch: the e-mail field of its wishes (the wishes stay, they are
 * public and carry no address), its subscription, its mail in the outbox and its contact messages.
 */
export async function eraseAddress(env: Env, address: string, now = Date.now()): Promise<ErasureCounts> {
  const email = address.trim();
  const mark = await recordErasure(env, { kind: "address", addressHash: await mailStopToken(env, email) }, now);
  const [wishRows, subscribers, mail, messages] = await env.DB.batch([...addressStatements(env.DB, email), markApplied(env.DB, mark)]);
  const counts = { wishes: wishRows!.meta.changes, subscribers: subscribers!.meta.changes, mail: mail!.meta.changes, messages: messages!.meta.changes };
  logErasure("address", counts);
  return counts;
}

/**
 * The addresses this database holds whose keyed hash is `hash`: the ledger keeps no address, so a restored copy's
 * addresses are hashed to find the ones an erasure named. Runs only after a restore.
 */
async function addressesWithHash(env: Env, hash: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT lower(email) AS address FROM wishes WHERE email IS NOT NULL
     UNION SELECT lower(email) FROM newsletter_subscribers
     UNION SELECT lower(to_address) FROM outbox
     UNION SELECT lower(email) FROM contact_messages`,
  ).all<{ address: string }>();
  const found: string[] = [];
  for (const { address } of results) if ((await mailStopToken(env, address)) === hash) found.push(address);
  return found;
}

/** Applies one ledger entry again, under its own number and time (a restore took its first application away). */
async function applyAgain(env: Env, entry: ErasureEntry, mark: LedgerMark): Promise<void> {
  if (entry.kind === "wish") {
    const wish = await findWish(env, entry.id);
    if (wish) await eraseWish(env, wish, mark);
    else await markApplied(env.DB, mark).run();
  } else if (entry.kind === "message") {
    await eraseMessage(env, entry.id, mark);
  } else {
    const addresses = await addressesWithHash(env, entry.addressHash);
    if (entry.kind === "subscriber") await eraseSubscriber(env, addresses, mark);
    else await env.DB.batch([...addresses.flatMap((email) => addressStatements(env.DB, email)), markApplied(env.DB, mark)]);
  }
}

/**
 * After a D1 restore, every erasure made since the restored moment is applied again (ADR 0108). The cron runs it each
 * minute, and /admin/subscribers on demand; when nothing was restored it reads one list and one count. Answers how
 * many erasures it applied again.
 */
export async function reapplyErasures(env: Env, now = Date.now()): Promise<number> {
  const missing = await erasuresToApply(env, now);
  for (const entry of missing) await applyAgain(env, entry, { seq: entry.seq, at: entry.at });
  if (missing.length > 0) log("warn", "erasures applied again after a restore", { count: missing.length });
  return missing.length;
}
