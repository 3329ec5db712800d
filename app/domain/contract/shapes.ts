import "~/domain/zod-config";
import { z } from "zod";
import { onFirstUse } from "~/domain/on-first-use";
import { RING_STATUSES } from "~/domain/statuses";
import { publicWishSchema } from "./public-wish-shape";

// What the API answers, declared once; app/domain's modules take their types from here with a type-only import,
// so a page that only needs a type does not load zod.

/** A wish as anyone may see it: written with zod/mini (public-wish-shape.ts, ADR 0123). */
export { publicWishSchema };

export const wallPageSchema = onFirstUse(() =>
  z.object({
    wishes: z.array(publicWishSchema),
    total: z.number(),
    countryCount: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
);

export const siteStatsSchema = onFirstUse(() =>
  z.object({
    totalWishes: z.number(),
    countriesEntangled: z.number(),
    mostActiveLocations: z.array(z.object({ country: z.string(), countryCode: z.string(), count: z.number() })),
  }),
);


export const liveActivitySchema = onFirstUse(() =>
  z.object({
    country: z.string(),
    countryCode: z.string(),
    flag: z.string(),
    wishCount: z.number(),
    lastWish: z.string(),
    isNew: z.boolean(),
    pendingWishCount: z.number(),
    hasEntangledWishes: z.boolean(),
  }),
);

/** One country on the world map (GET /api/map/countries): live activity joined with its centroid and flags. */
export const mapCountrySchema = onFirstUse(() =>
  z.object({
    countryCode: z.string(),
    country: z.string(),
    flag: z.string(),
    lat: z.number(),
    lon: z.number(),
    wishCount: z.number(),
    pendingWishCount: z.number(),
    hasEntangledWishes: z.boolean(),
    isNew: z.boolean(),
    /** Flag image URLs to try in order; the emoji flag stands in when every one fails. */
    flagImages: z.array(z.string()),
    /** The country's name in the page's language, where it is not English. */
    label: z.string().optional(),
  }),
);

/** One entry of GET /api/bell/history (docs/api.md#calls). */
export const ringHistoryItemSchema = onFirstUse(() =>
  z.object({
    id: z.string(),
    wishIds: z.array(z.string()),
    createdAt: z.string(),
    status: z.enum(RING_STATUSES),
    poem: z.string().nullable(),
  }),
);


/** The answer of POST /api/bell/ring (docs/api.md#calls). */
export const ringResponseSchema = onFirstUse(() =>
  z.object({
    success: z.literal(true),
    bellRingId: z.string(),
    message: z.string(),
    data: z.object({
      batches: z.array(z.object({ wishIds: z.array(z.string()), bellRingId: z.string() })),
      pendingLeft: z.number(),
      cooldownSeconds: z.number(),
    }),
  }),
);
