// Numbers of the operator tools (issue #7), named once; shared by the admin pages and the server rules.

/** A wish this many visitors reported leaves the public views until an admin reviews it. */
export const AUTO_HIDE_REPORTS = 3;
/** The dashboard's trend charts cover this many UTC days, ending today. */
export const TREND_DAYS = 30;
/** The largest simulator top-up one form accepts, in seconds. */
export const TOP_UP_MAX_SECONDS = 100_000;
