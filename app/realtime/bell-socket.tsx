import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { INITIAL_RECONNECT, socketClosed, socketOpened } from "~/domain/reconnect";
import type { RoomMessage } from "~/domain/room-messages";

type Listener = (message: RoomMessage) => void;

interface BellSocket {
  subscribe(listener: Listener): () => void;
  connected: boolean;
  /** How many times the socket opened again after it had been open: what it missed meanwhile must be read. */
  reopened: number;
}

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
  const listeners = useRef(new Set<Listener>());
  const [connected, setConnected] = useState(false);
  const [reopened, setReopened] = useState(0);
  const [api] = useState<Omit<BellSocket, "connected" | "reopened">>(() => ({
    subscribe(listener) {
      listeners.current.add(listener);
      return () => listeners.current.delete(listener);
    },
  }));

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
      if (message) for (const listener of listeners.current) listener(message);
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
        setConnected(true);
        if (everOpen) setReopened((count) => count + 1);
        everOpen = true;
        heartbeat = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send("ping"), HEARTBEAT_MS);
      });
      socket.addEventListener("message", (event) => {
        if (parse) deliver(event.data);
        else early?.push(event.data);
      });
      socket.addEventListener("close", (event) => {
        setConnected(false);
        clearInterval(heartbeat);
        if (stopped) return;
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
  }, []);

  return <BellSocketContext.Provider value={{ ...api, connected, reopened }}>{children}</BellSocketContext.Provider>;
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

export function useBellSocketConnected(): boolean {
  return useContext(BellSocketContext)?.connected ?? false;
}

/** Calls `onReopen` each time the socket opens again after a drop (not on the first open). */
export function useSocketReopened(onReopen: () => void): void {
  const reopened = useContext(BellSocketContext)?.reopened ?? 0;
  const latest = useRef(onReopen);
  useEffect(() => {
    latest.current = onReopen;
  });
  useEffect(() => {
    if (reopened > 0) latest.current();
  }, [reopened]);
}
