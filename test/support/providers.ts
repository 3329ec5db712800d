import type { RoomProvider, RoomProviders } from "../../workers/bell-room/room-provider";

/** Rooms' providers that are all the one given: every ring, whatever it was created with, goes to it. */
export function onlyProvider(provider: RoomProvider): RoomProviders {
  return { current: () => provider, forRing: () => provider };
}

/** A ring created with IBM whose job has never been asked for. */
export const ibmRing = (id: string) => ({ id, provider: "ibm", submitStartedAt: null });
