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
/** The dashboard's trend charts cover this many UTC days, ending today. */
export const TREND_DAYS = 30;
/** The largest simulator top-up one form accepts, in seconds. */
export const TOP_UP_MAX_SECONDS = 100_000;
