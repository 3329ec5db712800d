// Every number of docs/product.md#limits (and the few the server rules add), named once.
// Durations are in milliseconds unless the name says seconds.

/** One day: UTC days for daily limits, the wall's windows and its day cells. */
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export const WISH_MIN_LENGTH = 10;
export const WISH_MAX_LENGTH = 250;
export const WISH_COUNTER_WARNING = 220;
/**
 * Resonances one network (IPv4 address or IPv6 /48, app/domain/network.ts) can add to the visible counts per UTC day, over every wish; one
 * per wish (docs/product.md#one-person-one-share). More are accepted quietly and not counted.
 */
export const RESONANCE_NETWORK_DAILY_CAP = 100;
export const DAILY_WISH_LIMIT = 5;
/**
 * Wishes one network (IPv4 address or IPv6 /48) may write in a UTC day unless the operator sets IP_DAILY_WISH_LIMIT:
 * a family behind one address, well below the hundred that filled the home wall (docs/product.md#one-person-one-share).
 */
export const DEFAULT_NETWORK_DAILY_WISH_LIMIT = 10;

export const RING_BATCH_SIZE = 5;
export const RING_COOLDOWN_SECONDS = 20;


/**
 * Ring requests one network may make in an hour, refused or not (a guard against hammering, per /64 and 4 times that
 * per IPv6 /48). RING_NETWORK_HOURLY_LIMIT overrides it (a test server, where every browser is 127.0.0.1).
 */
export const RINGS_PER_NETWORK_PER_HOUR = 30;

/**
 * The bell's fair share (docs/product.md#one-person-one-share, ADR 0033): on top of the shared cooldown, a network that rang waits this long
 * before it may ring again, and rings at most RING_NETWORK_RINGS_PER_HOUR times an hour (rings that happened; each
 * costs a credit). Operators set RING_NETWORK_COOLDOWN_SECONDS and RING_NETWORK_RINGS_PER_HOUR.
 */
export const RING_NETWORK_COOLDOWN_SECONDS = 120;
export const RING_NETWORK_RINGS_PER_HOUR = 6;

export interface NetworkRingRules {
  cooldownMs: number;
  ringsPerHour: number;
}

/** The rules in the units the claim uses, from the parsed settings (app/server/edge/settings.server.ts bounds them). */
export function networkRingRules(settings: { RING_NETWORK_COOLDOWN_SECONDS: number; RING_NETWORK_RINGS_PER_HOUR: number }): NetworkRingRules {
  return { cooldownMs: Math.min(HOUR_MS, settings.RING_NETWORK_COOLDOWN_SECONDS * 1000), ringsPerHour: settings.RING_NETWORK_RINGS_PER_HOUR };
}

/** Milliseconds of the shared cooldown still to run at `now`, after the last ring at `lastRingAt` (or none). */
export function cooldownLeftMs(lastRingAt: number | null, cooldownSeconds: number, now: number): number {
  return lastRingAt === null ? 0 : Math.max(0, lastRingAt + cooldownSeconds * 1000 - now);
}
export const LOW_CREDIT_THRESHOLD = 30;
export const COST_PER_RING_USD = 1;
export const SHOTS = 100;

export const CHARITY = {
  minimumPledgePercent: 10,
  monthRaisedGbp: 376,
  monthGoalGbp: 1000,
} as const;

export const FINGERPRINT_MIN_LENGTH = 16;
export const FINGERPRINT_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 60;
export const COUNTRY_MAX_LENGTH = 60;
export const LOCATION_MAX_LENGTH = 100;
export const FRIEND_MESSAGE_MAX_LENGTH = 500;
export const REPORT_REASON_MAX_LENGTH = 200;
export const WISH_ID_MAX_LENGTH = 64;
export const LATITUDE_LIMIT = 90;
export const LONGITUDE_LIMIT = 180;
export const PHONE_MIN_DIGITS = 7;

export const HOME_WALL_PAGE_SIZE = 6;
export const WALL_DEFAULT_PAGE_SIZE = 20;
export const WALL_MAX_PAGE_SIZE = 50;
export const BELL_HISTORY_PAGE_SIZE = 10;
export const MAP_POPUP_PAGE_SIZE = 10;
export const PUBLIC_WISH_LIST_MAX = 100;

export const TOAST_MS = 6000;
export const RING_TOAST_MS = 8000;
export const REFRESH_AFTER_ENCODING_MS = 1000;
export const REFRESH_DEBOUNCE_MS = 1000;
export const PENDING_POLL_MS = 10000;
export const COUNT_UP_MS = 1200;

export const ENCODING_STAGES = {
  encoding: 2000,
  processing: 2000,
  traveling: 1500,
} as const;

export const ANIMATION_MS = {
  ring: 5000,
  /** The bell's glow and scale when a wish's star lands on it. */
  bellGlow: 1200,
  starFlight: 6000,
  sparkleSpawn: 1000,
  sparkleCleanup: 3000,
  constellationWish: 2000,
  constellationGap: 500,
} as const;
export const SPARKLE_COUNT = 24;
export const ORBITING_PARTICLES_MAX = 8;

export const RING_FLOW = {
  progressPercent: { processing: [25, 60], redirecting: [90, 100] },
  batchStepsMs: [2000, 4000, 5000],
  batchResetMs: 6000,
  singleStepsMs: [3000, 5000, 7000],
  singleResetMs: 8000,
  fallbackRedirectMs: 8000,
  fellowDreamerRedirectMs: 2000,
  /** docs/product.md#what-happens-step-by-step: a realtime bell-rung takes a visitor whose wish is in that ring to its page after 3 s. */
  realtimeRedirectMs: 3000,
} as const;

export const RECONNECT = {
  attempts: 5,
  baseMs: 3000,
  capMs: 30000,
  jitterRatio: 0.2,
  /** A socket open this long has recovered: only then does the attempt count start again. */
  stableMs: 10_000,
} as const;

/** The backend health check (docs/product.md#sentences): once the page is idle after loading, then again while a banner shows. */
export const HEALTH = { recheckMs: 15_000, idleTimeoutMs: 3_000 } as const;

export const LIVE_LAST_WISH_PREVIEW = 50;
export const LIVE_STRIP_SCROLL = { pixels: 1, everyMs: 30 } as const;

export const MAP = {
  // A mutable tuple so it can be handed to Leaflet's LatLngTuple as is.
  center: [20, 0] as [latitude: number, longitude: number],
  zoom: 2,
  minZoom: 1,
  maxZoom: 8,
  badgeMax: 99,
  markerBaseRadius: 8,
  markerMaxExtraRadius: 20,
  markerNewRadius: 12,
} as const;

export const BREAKPOINTS = {
  drawerMaxWidth: 1200,
  footerMobileMaxWidth: 899,
} as const;

/** A card's title, but a ring's (OG_VERSE_MAX below). */
export const OG_TITLE_MAX = 100;
export const OG_SUBTITLE_MAX = 150;
/** The sharer's own words on their ring's story image, in characters (docs/product.md#the-loop-back). */
export const OG_WORDS_MAX = 140;
/**
 * A ring's verse on its cards (the title of its /og cards, ADR 0094), in characters: every card draws the whole verse
 * (at least 330 characters of Latin, 250 of Arabic or Hindi, 120 of Chinese; the composer's longest, French, is
 * 359: ADR 0091); past this it is cut at a word.
 */
export const OG_VERSE_MAX = 400;
export const SHARE_TEXT_MAX_LENGTH = 100;

export const LOCAL_PORT = 5002;
