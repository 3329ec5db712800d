import { DurableObject } from "cloudflare:workers";
import { appError, type AppError } from "~/domain/app-error";
import { ERROR_CODE } from "~/domain/error-codes";
import { SOCKET_CROSS_SITE, SOCKET_ONLY, SOCKET_PAUSED, SOCKETS_LIMITED } from "~/domain/messages";
import { fullBucket, HEARTBEAT, HEARTBEAT_REPLY, judgeFrame, SOCKET_PENALTY_MS, type FrameBucket } from "~/domain/socket-budget";
import { bellRoom } from "~/server/edge/bell-room-client.server";
import { isSameSiteOrigin } from "~/server/edge/origin.server";
import { reportingFailures } from "~/server/edge/report-error.server";
import { settingsOf, type Settings } from "~/server/edge/settings.server";
import { errorFields, log } from "~/server/edge/log.server";
import { coalesced } from "./coalesce";
import { SocketPenalties } from "./socket-penalties";

/** The relay's own name, which the Worker gives it on each upgrade; kept in storage so an eviction cannot lose it. */
const NAME_KEY = "name";
/** The header the Worker names the relay in (set by the Worker itself, never taken from the visitor). */
export const RELAY_NAME_HEADER = "X-Quantum-Bell-Relay";
/** The hashed network of the visitor, set by the Worker on each upgrade (never taken from the visitor). */
export const RELAY_NETWORK_HEADER = "X-Quantum-Bell-Network";
/** Marks a relay's refusal: its body is an AppError, which the Worker renders in the visitor's language. */
export const RELAY_REFUSAL_HEADER = "X-Quantum-Bell-Refusal";
/** Sockets one network may hold on one relay: a household's tabs, not 400 (docs/product.md#one-person-one-share). */
export const SOCKETS_PER_NETWORK = 20;
const PRESENCE_REPORT_MS = 500;
/** A socket's tag names its network: how the relay counts a network's sockets and finds whom to pause. */
const NETWORK_TAG = "net:";
/** Starts each line of RELAY_TIMING_LOG, which bench:ws:relays reads from `wrangler dev`'s output. */
export const RELAY_TIMING_MARK = "[relay]";

/** A refusal as data, not a sentence: the Worker that forwarded the upgrade renders it (workers/room-routes.ts). */
function refuse(error: AppError, headers?: Record<string, string>): Response {
  return Response.json(error, { status: error.status, headers: { ...headers, [RELAY_REFUSAL_HEADER]: "1" } });
}

/**
 * One of the relays that hold the visitors' sockets (docs/realtime.md#pages-follow-the-socket, docs/scale.md). It accepts `/ws` upgrades with the
 * same checks the room used to make, answers pings without waking, and sends whatever the BellRoom publishes to its
 * own sockets. It reports how many it holds, at most twice a second, and the room sums the relays into `presence`.
 */
export class BellRelay extends DurableObject<Env> {
  /** Joins and leaves within half a second make one report: a thousand sockets joining must not be a thousand calls. */
  private schedulePresence = coalesced(PRESENCE_REPORT_MS, () => this.reportPresence());

  /**
   * Each socket's frame budget (ADR 0098), in memory: only frames the runtime does not answer itself reach it, and
   * a hibernation that forgets it happens only to idle sockets, whose budget would be full again anyway.
   */
  private readonly budgets = new WeakMap<WebSocket, FrameBucket>();
  /** Networks whose socket broke the protocol, refused new sockets here for a minute. */
  private readonly penalties = new SocketPenalties(SOCKET_PENALTY_MS);

  /** Parsed once, here: the relay's settings for its life. */
  private readonly settings: Settings;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.settings = settingsOf(env);
    // Heartbeats are answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(HEARTBEAT, HEARTBEAT_REPLY));
  }

  async fetch(request: Request): Promise<Response> {
    return reportingFailures(this.env, "BellRelay.fetch", () => this.accept(request), request);
  }

  private async accept(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return refuse(appError(426, SOCKET_ONLY, { code: ERROR_CODE.invalidRequest }));
    }
    if (!isSameSiteOrigin(request, this.env)) {
      return refuse(appError(403, SOCKET_CROSS_SITE, { code: ERROR_CODE.crossSite }));
    }
    const network = request.headers.get(RELAY_NETWORK_HEADER);
    const paused = network ? this.penalties.waitSeconds(network, Date.now()) : 0;
    if (paused > 0) return refuse(appError(429, SOCKET_PAUSED, { code: ERROR_CODE.rateLimited }), { "Retry-After": String(paused) });
    const name = request.headers.get(RELAY_NAME_HEADER);
    if (name && name !== (await this.ctx.storage.get<string>(NAME_KEY))) await this.ctx.storage.put(NAME_KEY, name);
    const tag = network ? `${NETWORK_TAG}${network}` : null;
    if (tag && this.ctx.getWebSockets(tag).length >= SOCKETS_PER_NETWORK) {
      return refuse(appError(429, SOCKETS_LIMITED, { code: ERROR_CODE.rateLimited }), { "Retry-After": "60" });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, tag ? [tag] : []);
    this.schedulePresence();
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends one frame, already serialised by the room, to every open socket here; returns how many took it. */
  async publish(frame: string): Promise<number> {
    const started = performance.now();
    let delivered = 0;
    for (const ws of this.openSockets()) {
      try {
        ws.send(frame);
        delivered += 1;
      } catch {
        this.closeQuietly(ws, 1011, "Send failed");
      }
    }
    if (this.settings.RELAY_TIMING_LOG) await this.logTiming(frame, delivered, performance.now() - started);
    return delivered;
  }

  /**
   * One line per publish, for bench:ws:relays (the busiest relay's time per broadcast). Off unless RELAY_TIMING_LOG
   * is "1". Deployed, the runtime's clock stands still while code runs, so there it reads 0 ms.
   */
  private async logTiming(frame: string, delivered: number, ms: number): Promise<void> {
    const type = /^\{"type":"([a-z-]+)"/.exec(frame)?.[1] ?? "message";
    console.log(`${RELAY_TIMING_MARK} ${(await this.ctx.storage.get<string>(NAME_KEY)) ?? "relay"} ${type} ${delivered} sockets ${ms.toFixed(2)} ms`);
  }

  async count(): Promise<number> {
    return this.openSockets().length;
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // Frames already on their way when the socket was closed cost nothing more, not even the reporting context.
    if (ws.readyState !== WebSocket.OPEN) return;
    await reportingFailures(this.env, "BellRelay.webSocketMessage", async () => this.receive(ws, message));
  }

  /**
   * Only what the runtime did not answer itself arrives here (ADR 0098): a heartbeat is answered while the socket's
   * budget lasts; anything else, or one frame past the budget, closes the socket and pauses its network here.
   */
  private receive(ws: WebSocket, message: string | ArrayBuffer): void {
    const now = Date.now();
    const verdict = judgeFrame(message, this.budgets.get(ws) ?? fullBucket(now), now);
    if (!verdict.close) {
      this.budgets.set(ws, verdict.bucket);
      ws.send(verdict.reply);
      return;
    }
    this.budgets.delete(ws);
    this.closeQuietly(ws, verdict.code, verdict.reason);
    const network = this.ctx.getTags(ws).find((tag) => tag.startsWith(NETWORK_TAG))?.slice(NETWORK_TAG.length);
    if (network) this.penalties.penalise(network, now);
  }

  async webSocketClose(ws: WebSocket): Promise<void> {
    await reportingFailures(this.env, "BellRelay.webSocketClose", async () => {
      this.closeQuietly(ws, 1000, "Goodbye");
      this.schedulePresence();
    });
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    await reportingFailures(this.env, "BellRelay.webSocketError", async () => {
      this.closeQuietly(ws, 1011, "Socket error");
      this.schedulePresence();
    });
  }

  private async reportPresence(): Promise<void> {
    const name = await this.ctx.storage.get<string>(NAME_KEY);
    if (!name) return;
    await bellRoom(this.env)
      .relayPresence(name, this.openSockets().length)
      .catch((error: unknown) => log("error", "relay could not report presence", { relay: name, ...errorFields(error) }));
  }

  private openSockets(): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
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
