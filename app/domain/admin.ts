// Numbers of the operator tools (issue #7), named once; shared by the admin pages and the server rules.

/** A wish this many visitors reported leaves the public views until an admin reviews it. */
export const AUTO_HIDE_REPORTS = 3;
/**
 * A network's report counts toward hiding only when the site knew it this long before: a wish or a resonance older
 * than a day. A network minted a moment ago (one free resonance) is kept for the moderators and hides nothing.
 */
export const KNOWN_NETWORK_MIN_AGE_MS = 24 * 60 * 60 * 1000;
/** /admin raises its hide-velocity alert when reports hid this many wishes within the last hour. */
export const HIDE_VELOCITY_ALERT_PER_HOUR = 5;
/**
 * Hiding at a human pace (ADR 0102): counted reports hide at most this many wishes an hour across the site, and a
 * network's counted reports help hide at most AUTO_HIDE_NETWORK_PER_HOUR, counting the auto-hides no moderator has
 * reviewed since (an Unhide or a deletion frees its place). Past either, a report is still stored and counted and
 * the wish waits in the moderation queue, visible, and /admin raises its alert.
 */
export const AUTO_HIDE_SITE_PER_HOUR = 10;
export const AUTO_HIDE_NETWORK_PER_HOUR = 3;
/** The dashboard's trend charts cover this many UTC days, ending today. */
export const TREND_DAYS = 30;
/** The largest simulator top-up one form accepts, in seconds. */
export const TOP_UP_MAX_SECONDS = 100_000;

/**
 * Failed admin sign-ins one network (an IPv4 address or IPv6 /48) has free in an hour. Past them, its own attempts
 * wait 2^(failures − free) seconds after its last failure, at most NETWORK_LOGIN_MAX_DELAY_MS. Only a network's own
 * failures slow it: the right password from anywhere else is never refused for a guesser's (ADR 0100).
 */
export const NETWORK_LOGIN_FREE_FAILURES_PER_HOUR = 5;
export const NETWORK_LOGIN_MAX_DELAY_MS = 15 * 60 * 1000;
/** /admin raises its sign-in alert at this many failures within the last hour, from every network together. */
export const LOGIN_FAILURE_ALERT_PER_HOUR = 20;

/** How long after a network's last failure its next sign-in attempt must wait, given its failures of the last hour. */
export function networkLoginDelayMs(failuresLastHour: number): number {
  if (failuresLastHour < NETWORK_LOGIN_FREE_FAILURES_PER_HOUR) return 0;
  return Math.min(2 ** Math.min(failuresLastHour - NETWORK_LOGIN_FREE_FAILURES_PER_HOUR, 20) * 1000, NETWORK_LOGIN_MAX_DELAY_MS);
}

/** A password this long is a reasonable guard for /admin on its own; shorter, production wants Cloudflare Access. */
export const ADMIN_PASSWORD_MIN_LENGTH = 20;

/** What `npm run check:production` warns about /admin: neither Cloudflare Access nor a long password protects it. */
export function adminProtectionWarnings(config: { accessTeamDomain?: string; accessAud?: string; adminPassword?: string }): string[] {
  const access = Boolean(config.accessTeamDomain?.trim() && config.accessAud?.trim());
  if (access) return [];
  const length = config.adminPassword?.length ?? 0;
  if (length >= ADMIN_PASSWORD_MIN_LENGTH) return [];
  return [
    length === 0
      ? "/admin has neither Cloudflare Access (CF_ACCESS_TEAM_DOMAIN and CF_ACCESS_AUD) nor an ADMIN_PASSWORD."
      : `/admin is protected only by an ADMIN_PASSWORD of ${length} characters: set Cloudflare Access (CF_ACCESS_TEAM_DOMAIN and CF_ACCESS_AUD) or a password of at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`,
  ];
}

/** What /admin watches for abuse: how fast reports are hiding wishes, and failed sign-ins from everywhere. */
export interface SafetySignals {
  failedLoginsLastHour: number;
  /** Failed sign-ins reached LOGIN_FAILURE_ALERT_PER_HOUR: someone is guessing (each guessing network is slowed on its own). */
  loginAlert: boolean;
  autoHiddenLastHour: number;
  autoHiddenLastDay: number;
  /** Reports hid more wishes in the last hour than HIDE_VELOCITY_ALERT_PER_HOUR allows for. */
  hideAlert: boolean;
  /** Wishes reported enough to hide in the last day that the hourly ceilings kept visible for a moderator. */
  heldForReview: number;
  /** The ceiling is reached (AUTO_HIDE_SITE_PER_HOUR unreviewed auto-hides this hour) or held a wish back. */
  hideCeilingAlert: boolean;
}

/** The mails addressed to a wish's writer, whose address /privacy says no one is shown. */
const WRITER_MAIL_KINDS: ReadonlySet<string> = new Set(["wish-copy", "wish-rang"]);

/**
 * The recipient as /admin/outbox shows it: a wish's writer only by the address's domain (enough to see which mail
 * service refused it), any other recipient in full.
 */
export function shownRecipient(kind: string, address: string): string {
  if (!WRITER_MAIL_KINDS.has(kind)) return address;
  const at = address.lastIndexOf("@");
  return at < 0 ? "…" : `…${address.slice(at)}`;
}
