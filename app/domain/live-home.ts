import { isPlaceholderCountry, isValidActivityCode, previewLastWish, type LiveStripEntry } from "./live-activity";
import type { PublicWish, RibbonStats } from "./public-wish";
import type { RoomMessage } from "./room-messages";
import { WISH_STATUS } from "./statuses";

/** What the home page shows that the room's messages change: the ribbon, the pending wishes, the live strip, the credits. */
export interface LiveHome {
  stats: RibbonStats | null;
  pending: PublicWish[];
  liveStrip: LiveStripEntry[];
  /** Seconds of quantum time left (null: no limit, or not known). */
  creditsSeconds: number | null;
}

/** The emoji flag of a two-letter code (regional indicator symbols), as the server writes it. */
const emojiFlag = (code: string) => String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));

function withWish(strip: LiveStripEntry[], wish: PublicWish): { strip: LiveStripEntry[]; newCountry: boolean } {
  const code = wish.countryCode?.toUpperCase();
  if (!code || !isValidActivityCode(code) || !wish.country || isPlaceholderCountry(wish.country)) return { strip, newCountry: false };
  const preview = previewLastWish(wish.wish);
  const at = strip.findIndex((entry) => entry.countryCode === code);
  if (at === -1) {
    return { strip: [...strip, { country: wish.country, countryCode: code, flag: emojiFlag(code), wishCount: 1, isNew: true, preview }], newCountry: true };
  }
  const entry = strip[at];
  return { strip: strip.map((other, i) => (i === at ? { ...entry, wishCount: entry.wishCount + 1, isNew: true, preview } : other)), newCountry: false };
}

/**
 * The home page after one of the room's messages (docs/realtime.md#pages-follow-the-socket), derived from the message alone so that no page asks the
 * database again: a new wish joins the pending wishes, the ribbon and its country on the strip; a ring takes its wishes
 * out of the pending area (the bell card counts what is left); a finished ring says the credits left. Anything else
 * leaves the page as it is.
 */
export function applyToHome(home: LiveHome, message: RoomMessage): LiveHome {
  if (message.type === "wish-submitted") {
    const { wish } = message;
    if (!wish || home.pending.some((other) => other.id === wish.id)) return home;
    const { strip, newCountry } = withWish(home.liveStrip, wish);
    return {
      ...home,
      stats: home.stats && { totalWishes: home.stats.totalWishes + 1, countriesEntangled: home.stats.countriesEntangled + (newCountry ? 1 : 0) },
      pending: wish.status === WISH_STATUS.pending ? [...home.pending, wish] : home.pending,
      liveStrip: strip,
    };
  }
  if (message.type === "bell-rung") {
    const rung = new Set(message.wishIds);
    const pending = home.pending.filter((wish) => !rung.has(wish.id));
    return pending.length === home.pending.length ? home : { ...home, pending };
  }
  if (message.type === "batch-update" && message.subType === "completed") {
    const { creditsSeconds } = message.data;
    return creditsSeconds === undefined || creditsSeconds === home.creditsSeconds ? home : { ...home, creditsSeconds };
  }
  return home;
}
