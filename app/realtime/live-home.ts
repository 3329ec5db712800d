import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { applyToHome, type LiveHome } from "~/domain/live-home";
import { useBellMessages, useSocketReopened } from "./bell-socket";

/**
 * The home page's ribbon, pending wishes, live strip and credits, kept live from the room's messages themselves (docs/realtime.md#pages-follow-the-socket):
 * a message changes what it can say in place, and no page asks the server for it. Once the page's data is read
 * again (a navigation, its own wish, a resync) that data is the base once more.
 */
export function useLiveHome({ stats, pending, liveStrip, creditsSeconds }: LiveHome): LiveHome {
  // Messages sent while the socket was down are lost: after a reconnect the page reads its data once.
  const resync = useResync();
  useSocketReopened(resync);
  const base = useMemo(() => ({ stats, pending, liveStrip, creditsSeconds }), [stats, pending, liveStrip, creditsSeconds]);
  const [applied, setApplied] = useState<{ to: LiveHome; home: LiveHome } | null>(null);
  const latest = useRef(base);
  useEffect(() => {
    latest.current = base;
  });
  useBellMessages((message) => {
    setApplied((previous) => {
      const from = latest.current;
      const current = previous?.to === from ? previous.home : from;
      const next = applyToHome(current, message);
      return next === current ? previous : { to: from, home: next };
    });
  });
  return applied?.to === base ? applied.home : base;
}

/** What a message cannot say is read again once, 1–3 s later at random, however many messages asked: pages that
 * heard the same message do not all arrive at once. */
const RESYNC_MS = { min: 1_000, jitter: 2_000 };

export function useResync(): () => void {
  const { revalidate } = useRevalidator();
  const latest = useRef(revalidate);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    latest.current = revalidate;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      latest.current();
    }, RESYNC_MS.min + Math.random() * RESYNC_MS.jitter);
  }, []);
}
