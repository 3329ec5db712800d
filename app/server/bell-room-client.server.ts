/** The one BellRoom instance that serialises every ring and holds every socket. */
export function bellRoom(env: Env) {
  return env.BELL_ROOM.get(env.BELL_ROOM.idFromName("global"));
}
