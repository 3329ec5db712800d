/** The one BellRoom instance that serialises every ring and publishes every message to the relays. */
export function bellRoom(env: Env) {
  return env.BELL_ROOM.get(env.BELL_ROOM.idFromName("global"));
}

/** One of the relays that hold the visitors' sockets (app/domain/relays.ts names them). */
export function bellRelay(env: Env, name: string) {
  return env.BELL_RELAY.get(env.BELL_RELAY.idFromName(name));
}
