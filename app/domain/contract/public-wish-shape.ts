import "~/domain/zod-config";
import * as z from "zod/mini";
import { onFirstUse } from "~/domain/on-first-use";
import { WISH_STATUSES } from "~/domain/statuses";
import { THEMES } from "~/domain/theme";

// Written with zod/mini, which tree-shakes, rather than zod: the room's socket messages carry this shape, and the
// browser parses them from the first message a page receives, so parsing them must not load zod's full runtime
// (ADR 0123). The server's schemas compose it as they compose their own.

/** A wish as anyone may see it (docs/api.md#the-public-wish): no e-mail, fingerprint, IP or coordinates. */
export const publicWishSchema = onFirstUse(() =>
  z.object({
    id: z.string(),
    wish: z.string(),
    name: z.string(),
    country: z.nullable(z.string()),
    countryCode: z.nullable(z.string()),
    location: z.string(),
    theme: z.enum([...THEMES, "General"]),
    status: z.enum(WISH_STATUSES),
    bellRingId: z.nullable(z.string()),
    timestamp: z.string(),
    resonanceCount: z.number(),
    isResonated: z.optional(z.boolean()),
    /** Only in a ring's list: the wish was withdrawn after it rang, and only its place remains. */
    withdrawn: z.optional(z.literal(true)),
  }),
);
