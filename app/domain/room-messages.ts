import "./zod-config";
import * as z from "zod/mini";
import { onFirstUse } from "./on-first-use";
import { publicWishSchema } from "./contract/public-wish-shape";

const batchUpdateSchema = onFirstUse(() =>
  z.discriminatedUnion("subType", [
    z.object({
      type: z.literal("batch-update"),
      subType: z.literal("completed"),
      bellRingId: z.string(),
      /**
       * Beyond the first protocol's fields, so that no page asks again (docs/realtime.md#pages-follow-the-socket): `completedAt` (ISO time) lets a waiting
       * page show the ring; `creditsSeconds` is what is left after it (null: no limit); `countryCodes` names the
       * country of each of its wishes the map counts, which move from waiting to entangled.
       */
      data: z.object({
        result: z.object({ quantumResult: z.string(), poem: z.string(), counts: z.record(z.string(), z.number()) }),
        completedAt: z.optional(z.string()),
        creditsSeconds: z.optional(z.nullable(z.number())),
        countryCodes: z.optional(z.array(z.string())),
      }),
    }),
    z.object({
      type: z.literal("batch-update"),
      subType: z.literal("failed"),
      bellRingId: z.string(),
      data: z.object({ error: z.string(), retrying: z.boolean() }),
    }),
  ]),
);

/** Server → client messages on /ws (docs/realtime.md#messages), told apart by `type`. Clients only ever send the text `ping`. */
export const roomMessageSchema = onFirstUse(() =>
  z.discriminatedUnion("type", [
    z.object({
      type: z.literal("bell-rung"),
      ringId: z.string(),
      virtual: z.boolean(),
      wishIds: z.array(z.string()),
      pendingLeft: z.number(),
      cooldownSeconds: z.optional(z.number()),
    }),
    batchUpdateSchema,
    /** `wish` (the wish as the wall shows it) is beyond the first protocol's fields: a page adds it without asking (docs/realtime.md#pages-follow-the-socket). */
    z.object({
      type: z.literal("wish-submitted"),
      country: z.nullable(z.string()),
      countryCode: z.nullable(z.string()),
      theme: z.string(),
      wish: z.optional(publicWishSchema),
    }),
    z.object({ type: z.literal("presence"), count: z.number() }),
  ]),
);
export type RoomMessage = z.output<typeof roomMessageSchema>;

/** Parses a socket frame (a JSON text); anything that is not one of our messages is dropped. */
export function parseRoomMessage(data: unknown): RoomMessage | null {
  if (typeof data !== "string") return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = roomMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * The one way a socket frame is written: checked against the same union the page parses with, so the room never
 * sends what a page would drop. Null for a message that is not one of ours (it reaches the room over RPC).
 */
export function roomFrame(message: RoomMessage): string | null {
  const parsed = roomMessageSchema.safeParse(message);
  return parsed.success ? JSON.stringify(parsed.data) : null;
}
