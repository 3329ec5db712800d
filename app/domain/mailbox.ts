/**
 * One inbox, one key (docs/decisions/0104-one-inbox-one-key.md): the mail caps and the mail stops count an address
 * by the inbox it reaches, not by how it was spelled, so `someone+1@…` … `someone+77@…` share one cap and one stop.
 *
 * The rule: lower case and trimmed; a trailing dot of the domain dropped; the local part cut at its first `+` (a
 * sub-address tag, RFC 5233; kept when the `+` opens the local part, which would leave it empty); for the providers
 * that ignore dots in the local part (Gmail, whose googlemail.com spelling is the same inbox) the dots removed and
 * the domain spelled gmail.com. Anything else is kept as typed: a wrong merge only ever sends less mail.
 */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

export function mailboxKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0 || at === lower.length - 1) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1).replace(/\.+$/, "");
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    const undotted = local.replaceAll(".", "");
    if (undotted) local = undotted;
    domain = dotless;
  }
  return `${local}@${domain}`;
}

/**
 * The token in a mail's stop links (the "this wasn't me" page and the RFC 8058 one-click header), in one of two shapes:
 * - `signed` (96 hex): the inbox's keyed hash (64) and 32 hex of the server's signature over it, so the link works
 *   with nothing stored but the stop it makes, for as long as the site can mail the address (ADR 0105);
 * - `legacy` (64 hex): the bare keyed hash of links mailed before; it stops only while the mail's outbox row (or the
 *   subscription) still names the address.
 */
export type MailStopToken = { kind: "signed"; hash: string; signature: string } | { kind: "legacy"; hash: string };

export const MAIL_HASH_LENGTH = 64;
export const MAIL_STOP_SIGNATURE_LENGTH = 32;

const SIGNED = new RegExp(`^([0-9a-f]{${MAIL_HASH_LENGTH}})([0-9a-f]{${MAIL_STOP_SIGNATURE_LENGTH}})$`);
const LEGACY = new RegExp(`^[0-9a-f]{${MAIL_HASH_LENGTH}}$`);

/** Reads a token's shape (nothing here proves who made it: the server checks the signature). */
export function parseMailStopToken(value: string | null | undefined): MailStopToken | null {
  if (typeof value !== "string") return null;
  const signed = SIGNED.exec(value);
  if (signed) return { kind: "signed", hash: signed[1]!, signature: signed[2]! };
  return LEGACY.test(value) ? { kind: "legacy", hash: value } : null;
}

/** What the server signs for a stop link: the scope (every mail to the inbox) and the inbox's keyed hash. */
export const mailStopSigned = (hash: string) => `stop:all:${hash}`;
