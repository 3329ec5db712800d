import { useNavigate, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useToast } from "~/components/toast/toast";
import { FIREWORKS_EVENT } from "~/components/wish-form/events";
import { bellButtonState, pendingFrom } from "~/domain/bell-button";
import { creditBanner } from "~/domain/credits";
import { ANIMATION_MS, ORBITING_PARTICLES_MAX, RING_COOLDOWN_SECONDS, RING_FLOW, RING_TOAST_MS } from "~/domain/limits";
import {
  BATCH_FAILED,
  RING_BY_FELLOW_DREAMER,
  RING_FAILED,
  RING_NONE_PENDING_CLIENT,
  ringCompleteToast,
  bellRingPreview,
  ringCooldown,
} from "~/domain/messages";
import type { PublicWish } from "~/domain/public-wish";
import type { RoomMessage } from "~/domain/room-messages";
import { ringPath } from "~/domain/share";
import { DEFAULT_SITE_NAME } from "~/domain/site";
import { useDeviceFingerprint } from "~/hooks/use-device-fingerprint";
import { useHydrated } from "~/hooks/use-hydrated";
import { prefersReducedMotion } from "~/hooks/use-reduced-motion";
import { useStoredIdSet } from "~/hooks/use-stored-id-set";
import { KNOWN_RINGS_STORAGE_KEY, LAST_WISH_ID_STORAGE_KEY, readStorage } from "~/hooks/storage";
import { useBellMessages } from "~/realtime/bell-socket";
import { useResync } from "~/realtime/live-home";
import { setRingingHere } from "~/realtime/ringing-here";
import type { loader as rootLoader } from "~/root";
import { BellIcon } from "./bell-icon";
import * as styles from "./bell-ringer.css";
import { prepareBellSound, playBellSound } from "./bell-sound";
import {
  fellowDreamerRing,
  interpretRingResponse,
  positiveOr,
  RINGING_PROGRESS,
  ringFlowPlan,
  secondsUntil,
  type RingOutcome,
  type RingProgress,
} from "./ring-flow";
import { RingProgressOverlay } from "./ring-progress";
import { ringPreview, ringWishIds } from "~/domain/ring-batch";
import { useStoredString } from "~/hooks/use-stored-string";
import { callApi } from "~/lib/api-client";
import { useI18n } from "~/i18n/i18n";
import { useBidiT } from "~/components/text/bidi-text";

/**
 * Rings this device already rang or was sent to. The visitor's latest wish being in one of them is no news, so
 * the fellow-dreamer message only ever appears for a ring they have not seen.
 */

type Phase = "idle" | "checking" | "ringing" | "rung" | "leaving";

interface BellRingerProps {
  pending: PublicWish[];
  /** Provider seconds left, shown as wishes; null while the balance cannot be read (the server then decides). */
  creditsSeconds: number | null;
  /** What was left of the shared cooldown when the page was read: the button counts it down from the first paint. */
  cooldownMs?: number;
}

/** setTimeout that forgets every pending callback when the component leaves the page. */
function useTimers() {
  const pending = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = pending.current;
    return () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    };
  }, []);
  return useCallback((run: () => void, delayMs: number) => {
    const timer = setTimeout(() => {
      pending.current.delete(timer);
      run();
    }, delayMs);
    pending.current.add(timer);
  }, []);
}

/** The seconds left on the shared 20-second cooldown, ticking down on the second; `initialMs` is what the page was told. */
function useCooldown(initialMs: number): [number, (seconds: number) => void] {
  const [seconds, setSeconds] = useState(() => Math.ceil(Math.max(0, initialMs) / 1000));
  const endsAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const start = useCallback((length: number) => {
    const end = Date.now() + length * 1000;
    if (end <= endsAt.current) return;
    endsAt.current = end;
    const tick = () => {
      const now = Date.now();
      const left = secondsUntil(endsAt.current, now);
      setSeconds(left);
      if (left > 0) timer.current = setTimeout(tick, (endsAt.current - now) % 1000 || 1000);
    };
    clearTimeout(timer.current);
    tick();
  }, []);
  return [seconds, start];
}

/** Room the bottom-centre toast takes, with some to spare. */
const TOAST_CLEARANCE_PX = 160;

/** A button the toast would cover is brought up to the middle of the screen, so its own countdown stays in sight. */
function keepClearOfToast(element: HTMLElement | null) {
  if (!element || element.getBoundingClientRect().bottom <= window.innerHeight - TOAST_CLEARANCE_PX) return;
  element.scrollIntoView({ block: "center", behavior: prefersReducedMotion() ? "auto" : "smooth" });
}

/** The bell is about to swing: on a phone it may be below the fold, so it comes to the middle of the screen. */
function bringIntoView(element: HTMLElement | null) {
  if (!element) return;
  const { top, bottom } = element.getBoundingClientRect();
  if (top >= 0 && bottom <= window.innerHeight) return;
  element.scrollIntoView({ block: "center", behavior: prefersReducedMotion() ? "auto" : "smooth" });
}

async function latestOwnWishRing(): Promise<string | null> {
  const wishId = readStorage(LAST_WISH_ID_STORAGE_KEY);
  if (!wishId) return null;
  const result = await callApi("getWish", { params: { id: wishId } });
  return result.ok ? fellowDreamerRing(result.data) : null;
}

async function requestRing(wishIds: string[], deviceFingerprint: string): Promise<RingOutcome> {
  const result = await callApi("ring", { body: { wishIds, deviceFingerprint } });
  if (result.status === null) return { kind: "failed" };
  return interpretRingResponse(result.status, result.ok ? result.data : result.error);
}

export function BellRinger({ pending, creditsSeconds, cooldownMs = 0 }: BellRingerProps) {
  const { t, path } = useI18n();
  const bt = useBidiT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const resync = useResync();
  const { show, dismiss } = useToast();
  const fingerprint = useDeviceFingerprint();
  const hydrated = useHydrated();
  const siteName = useRouteLoaderData<typeof rootLoader>("root")?.siteName ?? DEFAULT_SITE_NAME;
  const [knownRings, rememberRing] = useStoredIdSet(KNOWN_RINGS_STORAGE_KEY);
  // The visitor's own wish, when it still waits, goes first in the ring they ring (docs/product.md#your-ring; the server holds the rule).
  const ownWishId = useStoredString(LAST_WISH_ID_STORAGE_KEY);
  const later = useTimers();
  const [cooldown, startCooldown] = useCooldown(cooldownMs);
  // The loader's figure (on arrival and on every revalidation) starts the countdown; a shorter one changes nothing.
  useEffect(() => {
    if (cooldownMs > 0) startCooldown(cooldownMs / 1000);
  }, [cooldownMs, startCooldown]);
  const [phase, setPhase] = useState<Phase>("idle");
  const [progress, setProgress] = useState<RingProgress | null>(null);
  const [animating, setAnimating] = useState(false);
  const animationTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The ring this visitor just rang: its failure is told here, its result on its own page.
  const ownRing = useRef<string | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const left = useRef(false);
  const busy = useRef(false);
  const mounted = useRef(true);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const statusId = useId();
  const bannerId = useId();

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(animationTimer.current);
    };
  }, []);

  const pendingCount = pendingFrom(pending);
  const button = bellButtonState(t, {
    ringing: phase === "ringing",
    loading: phase === "checking" || phase === "leaving",
    disabled: !hydrated || phase === "rung",
    animating,
    cooldownSeconds: cooldown,
    creditsSeconds,
    pendingCount,
    inFlight: phase === "rung",
  });
  // Credits in plain words only when they are low or out (docs/product.md#credits: the orange and red banners); a healthy balance is no
  // news, and "401 wishes available" beside "15 waiting" read as a contradiction (docs/product.md#your-ring, ADR 0056).
  const credits = creditsSeconds === null ? null : creditBanner(t, creditsSeconds);
  const banner = credits && credits.tone !== "normal" ? credits : null;
  const particles = Math.min(pendingCount, ORBITING_PARTICLES_MAX);
  const preview = phase === "idle" && hydrated ? ringPreview(pending, ownWishId) : null;

  const animate = useCallback(() => {
    if (prefersReducedMotion()) return;
    clearTimeout(animationTimer.current);
    setAnimating(true);
    animationTimer.current = setTimeout(() => setAnimating(false), ANIMATION_MS.ring);
  }, []);

  // docs/product.md#what-happens-step-by-step: when a wish's star lands, the bell glows and scales (the swing belongs to a ring).
  const [glowing, setGlowing] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const glow = () => {
      if (prefersReducedMotion()) return;
      clearTimeout(timer);
      setGlowing(true);
      timer = setTimeout(() => setGlowing(false), ANIMATION_MS.bellGlow);
    };
    window.addEventListener(FIREWORKS_EVENT, glow);
    return () => {
      window.removeEventListener(FIREWORKS_EVENT, glow);
      clearTimeout(timer);
    };
  }, []);

  /** Leaves for the ring's page after delayMs; a note given here is shown as that page opens (it outlives this one). */
  const goToRing = (ringId: string, delayMs: number, note?: string) => {
    later(() => {
      if (left.current) return;
      left.current = true;
      dismiss();
      navigate(path(ringPath(ringId)));
      if (note) show(note, "success", { durationMs: RING_TOAST_MS });
    }, delayMs);
  };

  // From the press until the page has left or settled, this page's ring is its own news (RingNotices stays quiet).
  useEffect(() => {
    setRingingHere(phase !== "idle");
    return () => setRingingHere(false);
  }, [phase]);

  useBellMessages((message: RoomMessage) => {
    if (message.type === "bell-rung") {
      // The room refuses any ring inside the cooldown, whoever rang last, so the button says so at once. The rung
      // wishes leave the pending count through the page's live data (useLiveHome), without a request.
      if (!message.virtual) startCooldown(positiveOr(message.cooldownSeconds, RING_COOLDOWN_SECONDS));
    } else if (message.type === "batch-update") {
      // A finished ring says the credits left (useLiveHome applies them); a message without them is read once, and so
      // is a ring that gave up, whose wishes wait again.
      if (message.subType === "completed" ? message.data.creditsSeconds === undefined : !message.data.retrying) resync();
      if (message.bellRingId === ownRing.current && message.subType === "failed") show(t(BATCH_FAILED), "error");
    }
  });

  const rung = (outcome: Extract<RingOutcome, { kind: "rung" }>, requested: string[]) => {
    ownRing.current = outcome.ringId;
    rememberRing(outcome.ringId);
    startCooldown(outcome.cooldownSeconds);
    bringIntoView(stageRef.current);
    playBellSound();
    animate();
    setPhase("rung");
    // docs/product.md#what-happens-step-by-step's clock (ADR 0024): the progress steps on their plan while the bell swings its five seconds; at the
    // 8 s fallback the page opens the ring, and the note of what is left comes with it ("about 8 s after ringing").
    const plan = ringFlowPlan(outcome.wishIds.length || requested.length);
    for (const stage of plan.stages) later(() => setProgress(stage.progress), stage.atMs);
    later(() => {
      busy.current = false;
      setProgress(null);
      setPhase("idle");
    }, plan.resetMs);
    revalidator.revalidate();
    goToRing(outcome.ringId, RING_FLOW.fallbackRedirectMs, ringCompleteToast(t, outcome.pendingLeft));
  };

  const ring = async () => {
    if (button.disabled || busy.current) return;
    busy.current = true;
    prepareBellSound();
    setPhase("checking");

    const followed = await latestOwnWishRing();
    if (!mounted.current) return;
    if (followed && !knownRings.has(followed)) {
      rememberRing(followed);
      show(t(RING_BY_FELLOW_DREAMER), "info");
      setPhase("leaving");
      goToRing(followed, RING_FLOW.fellowDreamerRedirectMs);
      return;
    }

    setPhase("ringing");
    setProgress(RINGING_PROGRESS);
    const requested = ringWishIds(pending, ownWishId);
    const outcome = await requestRing(requested, fingerprint());
    if (!mounted.current) return;
    if (outcome.kind === "rung") {
      rung(outcome, requested);
      return;
    }

    busy.current = false;
    setProgress(null);
    setPhase("idle");
    switch (outcome.kind) {
      case "cooldown":
        startCooldown(outcome.seconds);
        keepClearOfToast(buttonRef.current);
        show(ringCooldown(t, outcome.seconds), "info");
        break;
      case "limited":
        show(t(outcome.message), "error");
        break;
      case "none-pending":
        show(t(RING_NONE_PENDING_CLIENT), "error");
        revalidator.revalidate();
        break;
      case "out-of-credits":
        show(t(outcome.message), "error");
        revalidator.revalidate();
        break;
      case "failed":
        show(t(RING_FAILED), "error");
        break;
    }
  };

  return (
    <div className={styles.card}>
      <h2 id="bell-ringer-title" className={styles.title}>
        {bt("Ring the {siteName}", { siteName })}
      </h2>
      <div ref={stageRef} className={styles.stage}>
        {Array.from({ length: particles }, (_, index) => (
          <span key={index} aria-hidden="true" className={`${styles.particle} ${styles.particleAngle[index]}`} />
        ))}
        <BellIcon className={animating ? `${styles.bell} ${styles.bellSwinging}` : glowing ? `${styles.bell} ${styles.bellGlowing}` : styles.bell} />
      </div>
      <p id={statusId} className={styles.status}>
        {button.statusText}
      </p>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-disabled={button.disabled}
        aria-describedby={banner ? `${statusId} ${bannerId}` : statusId}
        onClick={ring}
      >
        {button.label}
      </button>
      {preview ? (
        <p className={styles.preview} data-testid="ring-preview">
          {bellRingPreview(t, preview)}
        </p>
      ) : null}
      {button.batchNote ? <p className={styles.batchNote}>{button.batchNote}</p> : null}
      {banner ? (
        <p id={bannerId} className={styles.banner[banner.tone]}>
          {banner.text}
        </p>
      ) : null}
      <RingProgressOverlay progress={progress} />
    </div>
  );
}
