import { DAY_MS } from "./limits";

/**
 * Share cards drawn once and kept in D1 (ADR 0050). A completed ring's cards are drawn by the cron for this many days
 * after it completed: the days its link is shared most. Older rings' cards are drawn on their first request instead.
 */
export const OG_RING_CARD_DAYS = 7;
/** A kept card is deleted this long after it was drawn; the next request for it draws and keeps it again. */
export const OG_CARD_KEEP_DAYS = 30;
/** Rings one cron run looks at, newest first (each ring: its wide card and story image in every language). */
export const OG_RINGS_PER_RUN = 2;
/**
 * Cards one cron run draws at most: each is a few hundred ms of CPU in the isolate that also serves requests and the
 * rooms, so a ring's twelve take two runs (the wide cards, which link previews fetch, first).
 */
export const OG_CARDS_PER_RUN = 6;
/**
 * The newest this many cards are kept, whatever their age: about 1 GB of D1 at 50 KB a card, so a busy month cannot
 * fill the database (10 GB). Older ones go first; a card asked for again is drawn and kept again.
 */
export const OG_CARDS_KEPT = 20_000;
/** Kept cards one cron run deletes at most, for each of the two bounds. */
export const OG_CARDS_SWEPT_PER_RUN = 500;

export const ogRingCardSince = (now: number) => now - OG_RING_CARD_DAYS * DAY_MS;
export const ogCardKeptSince = (now: number) => now - OG_CARD_KEEP_DAYS * DAY_MS;
