import { DurableObject } from "cloudflare:workers";
import type { RoomMessage } from "~/domain/room-messages";
import { isSameSiteOrigin } from "~/server/origin.server";

/** Frames larger than this close the socket: clients only ever send `ping`. */
const MAX_CLIENT_FRAME_BYTES = 1024;

/**
 * The shared bell: one instance (named `global`) holds every visitor's socket through the hibernation API,
 * so idle sockets cost nothing, and fans messages out to them.
 */
export class BellRoom extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Heartbeats are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return Response.json({ success: false, error: "This address only speaks WebSocket." }, { status: 426 });
    }
    if (!isSameSiteOrigin(request, this.env)) {
      return Response.json({ success: false, error: "Sockets from other sites are not accepted." }, { status: 403 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    this.broadcastPresence();
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Health probe used by /api/infrastructure/health. */
  async ping(): Promise<"ok"> {
    return "ok";
  }

  /** Advances every unfinished quantum job; called by the cron trigger and the room's own alarm. */
  async poll(): Promise<number> {
    return 0;
  }

  async broadcast(message: RoomMessage): Promise<number> {
    return this.send(message);
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const size = typeof message === "string" ? new TextEncoder().encode(message).byteLength : message.byteLength;
    if (size > MAX_CLIENT_FRAME_BYTES) this.closeQuietly(ws, 1009, "Message too big");
    // Anything else a client sends is ignored: the protocol is server → client only.
  }

  async webSocketClose(ws: WebSocket): Promise<void> {
    this.closeQuietly(ws, 1000, "Goodbye");
    this.broadcastPresence();
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    this.closeQuietly(ws, 1011, "Socket error");
    this.broadcastPresence();
  }

  private broadcastPresence(): void {
    this.send({ type: "presence", count: this.openSockets().length });
  }

  private openSockets(): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  private send(message: RoomMessage): number {
    const frame = JSON.stringify(message);
    let delivered = 0;
    for (const ws of this.openSockets()) {
      try {
        ws.send(frame);
        delivered += 1;
      } catch {
        this.closeQuietly(ws, 1011, "Send failed");
      }
    }
    return delivered;
  }

  /** Closing an already-closed socket, or echoing reserved codes like 1005/1006, throws: never let that escape. */
  private closeQuietly(ws: WebSocket, code: number, reason: string): void {
    try {
      ws.close(code, reason);
    } catch {
      // The socket is already gone.
    }
  }
}
