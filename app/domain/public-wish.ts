import type { z } from "zod";
import type { liveActivitySchema, publicWishSchema, siteStatsSchema, wallPageSchema } from "./contract/shapes";

// The shapes are declared once, as zod, in app/domain/contract/shapes.ts; these are their types. A type-only import
// keeps zod out of every page that only needs the types (docs/architecture.md#budgets).

/** A wish as anyone may see it (docs/api.md#the-public-wish): no e-mail, fingerprint, IP or coordinates. */
export type PublicWish = z.output<typeof publicWishSchema>;
export type WallPage = z.output<typeof wallPageSchema>;
export type SiteStats = z.output<typeof siteStatsSchema>;
/** The counters the home page's ribbon shows. */
export type RibbonStats = Pick<SiteStats, "totalWishes" | "countriesEntangled">;
export type LiveActivity = z.output<typeof liveActivitySchema>;
