import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { INITIAL_RECONNECT, socketClosed, socketOpened } from "~/domain/reconnect";
import type { RoomMessage } from "~/domain/room-messages";

type Listener = (message: RoomMessage) => void;

interface SocketStatus {
  connected: boolean;
  /** How many times the socket opened again after it had been open: what it missed meanwhile must be read. */
  reopened: number;
}

/**
 * What the page's components share. Its identity never changes: a new context value would reach every section that
 * has not hydrated yet (ADR 0010), and React would drop their server HTML for an empty fallback (ADR 0085). The
 * status is a store each reader subscribes to instead.
 */
interface BellSocket {
  subscribe(listener: Listener): () => void;
  watchStatus(onChange: () => void): () => void;
  status(): SocketStatus;
}

const CLOSED: SocketStatus = { connected: false, reopened: 0 };

const BellSocketContext = createContext<BellSocket | null>(null);
const HEARTBEAT_MS = 25_000;

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}/ws`;
}

/**
 * One socket per page to the BellRoom, shared by every component. It reconnects as docs/realtime.md#reconnecting says (5 attempts,
 * base 3 s doubling, cap 30 s, with jitter; not after 1001/1006; counted until a socket stays open) and sends `ping`
 * so idle proxies keep it open.
 */
export function BellSocketProvider({ children }: { children: ReactNode }) {
  const [api] = useState(() => {
    const listeners = new Set<Listener>();
    const watchers = new Set<() => void>();
    let status = CLOSED;
    const socket: BellSocket & { deliver: Listener; setStatus(next: Partial<SocketStatus>): void } = {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      watchStatus(onChange) {
        watchers.add(onChange);
        return () => watchers.delete(onChange);
      },
      status: () => status,
      deliver(message) {
        for (const listener of listeners) listener(message);
      },
      setStatus(next) {
        const changed = { ...status, ...next };
        if (changed.connected === status.connected && changed.reopened === status.reopened) return;
        status = changed;
        for (const watcher of watchers) watcher();
      },
    };
    return socket;
  });

  useEffect(() => {
    let socket: WebSocket | undefined;
    let reconnect = INITIAL_RECONNECT;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    let everOpen = false;
    // The parser (the socket union, and zod with it) loads beside the socket rather than with the page
    // (docs/architecture.md#budgets); frames that arrive first wait for it, in order.
    let parse: ((data: unknown) => RoomMessage | null) | undefined;
    let early: unknown[] | null = [];
    const deliver = (data: unknown) => {
      const message = parse?.(data);
      if (message) api.deliver(message);
    };
    import("~/domain/room-messages").then(
      (module) => {
        parse = module.parseRoomMessage;
        early?.forEach(deliver);
        early = null;
      },
      () => {
        early = null;
      },
    );

    const connect = () => {
      socket = new WebSocket(socketUrl());
      socket.addEventListener("open", () => {
        reconnect = socketOpened(reconnect, Date.now());
        api.setStatus({ connected: true, reopened: api.status().reopened + (everOpen ? 1 : 0) });
        everOpen = true;
        heartbeat = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send("ping"), HEARTBEAT_MS);
      });
      socket.addEventListener("message", (event) => {
        if (parse) deliver(event.data);
        else early?.push(event.data);
      });
      socket.addEventListener("close", (event) => {
        clearInterval(heartbeat);
        if (stopped) return;
        api.setStatus({ connected: false });
        const next = socketClosed(reconnect, event.code, Date.now());
        reconnect = next.state;
        if (next.delayMs !== null) retryTimer = setTimeout(connect, next.delayMs);
      });
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      socket?.close(1000, "Page closed");
    };
  }, [api]);

  return <BellSocketContext.Provider value={api}>{children}</BellSocketContext.Provider>;
}

/** Calls `onMessage` for every message from the BellRoom while the component is mounted. */
export function useBellMessages(onMessage: Listener): void {
  const socket = useContext(BellSocketContext);
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => socket?.subscribe((message) => latest.current(message)), [socket]);
}

function useSocketStatus(): SocketStatus {
  const socket = useContext(BellSocketContext);
  return useSyncExternalStore(socket?.watchStatus ?? noWatch, socket?.status ?? closed, closed);
}
const noWatch = () => () => {};
const closed = () => CLOSED;

export function useBellSocketConnected(): boolean {
  return useSocketStatus().connected;
}

/**
 * Calls `onReopen` each time the socket opens again after a drop while the component is mounted (not on the first
 * open). A component mounted after a reopen read its data with its page and has missed nothing.
 */
export function useSocketReopened(onReopen: () => void): void {
  const { reopened } = useSocketStatus();
  const atMount = useRef(reopened);
  const latest = useRef(onReopen);
  useEffect(() => {
    latest.current = onReopen;
  });
  useEffect(() => {
    if (reopened > atMount.current) latest.current();
  }, [reopened]);
}
