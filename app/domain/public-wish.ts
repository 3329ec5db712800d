import { z } from "zod";
import { THEMES } from "./theme";
import { WISH_STATUSES } from "./statuses";

/** A wish as anyone may see it (docs/api.md#the-public-wish): no e-mail, fingerprint, IP or coordinates. */
export const publicWishSchema = z.object({
  id: z.string(),
  wish: z.string(),
  name: z.string(),
  country: z.string().nullable(),
  countryCode: z.string().nullable(),
  location: z.string(),
  theme: z.enum([...THEMES, "General"]),
  status: z.enum(WISH_STATUSES),
  bellRingId: z.string().nullable(),
  timestamp: z.string(),
  resonanceCount: z.number(),
  isResonated: z.boolean().optional(),
  /** Only in a ring's list: the wish was withdrawn after it rang, and only its place remains. */
  withdrawn: z.literal(true).optional(),
});
export type PublicWish = z.output<typeof publicWishSchema>;

export const wallPageSchema = z.object({
  wishes: z.array(publicWishSchema),
  total: z.number(),
  countryCount: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type WallPage = z.output<typeof wallPageSchema>;

export const siteStatsSchema = z.object({
  totalWishes: z.number(),
  countriesEntangled: z.number(),
  mostActiveLocations: z.array(z.object({ country: z.string(), countryCode: z.string(), count: z.number() })),
});
export type SiteStats = z.output<typeof siteStatsSchema>;

/** The counters the home page's ribbon shows. */
export type RibbonStats = Pick<SiteStats, "totalWishes" | "countriesEntangled">;

export const liveActivitySchema = z.object({
  country: z.string(),
  countryCode: z.string(),
  flag: z.string(),
  wishCount: z.number(),
  lastWish: z.string(),
  isNew: z.boolean(),
  pendingWishCount: z.number(),
  hasEntangledWishes: z.boolean(),
});
export type LiveActivity = z.output<typeof liveActivitySchema>;
