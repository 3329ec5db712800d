// Client sockets for the WebSocket benches: opened in batches, and a wait for the room to count them all.
import WebSocket from "ws";

// Browsers offer per-message deflate. This Worker declines it (`no_web_socket_compression`, ADR 0004) as the plain
// `ws` server does by default; the clients offer none, so every server sends the frames the deployed Worker sends.
const CLIENT_OPTIONS = { perMessageDeflate: false };

/** Opens `count` sockets to `url`, `batch` at a time, each with `headers` (an Origin the relays accept). */
export async function openSockets(url, count, { headers = {}, batch = 100 } = {}) {
  const sockets = [];
  for (let i = 0; i < count; i += batch) {
    const opening = Array.from({ length: Math.min(batch, count - i) }, () =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(url, { ...CLIENT_OPTIONS, headers });
        ws.once("open", () => resolve(ws));
        ws.once("error", reject);
      }),
    );
    sockets.push(...(await Promise.all(opening)));
  }
  return sockets;
}

/**
 * Resolves once the room's `presence` message counts every socket, then `drainMs` later: the same message reaches
 * every socket, and a ring sent while it is still on the wire would measure the joins, not the ring.
 */
export function presenceCounted(sockets, { timeoutMs = 10_000, drainMs = 200 } = {}) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no presence message counted every socket")), timeoutMs);
    const listener = (data) => {
      const message = JSON.parse(String(data));
      if (message.type !== "presence" || message.count < sockets.length) return;
      clearTimeout(timer);
      sockets[0].off("message", listener);
      setTimeout(resolve, drainMs);
    };
    sockets[0].on("message", listener);
  });
}
