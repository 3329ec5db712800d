import type { PublicWish } from "./public-wish";

/** Server → client messages on /ws (docs/realtime.md#messages). Clients only ever send the text `ping`. */
export type RoomMessage =
  | { type: "bell-rung"; ringId: string; virtual: boolean; wishIds: string[]; pendingLeft: number; cooldownSeconds?: number }
  | {
      type: "batch-update";
      subType: "completed";
      bellRingId: string;
      /**
       * Beyond the first protocol's fields, so that no page asks again (docs/realtime.md#pages-follow-the-socket): `completedAt` (ISO time) lets a waiting
       * page show the ring; `creditsSeconds` is what is left after it (null: no limit); `countryCodes` names the
       * country of each of its wishes the map counts, which move from waiting to entangled.
       */
      data: {
        result: { quantumResult: string; poem: string; counts: Record<string, number> };
        completedAt?: string;
        creditsSeconds?: number | null;
        countryCodes?: string[];
      };
    }
  | { type: "batch-update"; subType: "failed"; bellRingId: string; data: { error: string; retrying: boolean } }
  /** `wish` (the wish as the wall shows it) is beyond the first protocol's fields: a page adds it without asking (docs/realtime.md#pages-follow-the-socket). */
  | { type: "wish-submitted"; country: string | null; countryCode: string | null; theme: string; wish?: PublicWish }
  | { type: "presence"; count: number };

const TYPES = new Set(["bell-rung", "batch-update", "wish-submitted", "presence"]);

/** Parses a socket frame; anything that is not one of our messages is dropped. */
export function parseRoomMessage(data: unknown): RoomMessage | null {
  if (typeof data !== "string") return null;
  try {
    const message = JSON.parse(data) as { type?: unknown };
    return typeof message?.type === "string" && TYPES.has(message.type) ? (message as RoomMessage) : null;
  } catch {
    return null;
  }
}
