import { WISH_STATUS } from "~/domain/statuses";
import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FIREWORKS_EVENT, isEncoding } from "~/components/wish-form/events";
import { waitingStripLines } from "~/domain/distinct-networks";
import { previewLastWish } from "~/domain/live-activity";
import { usePlace } from "~/i18n/place";
import { useBellSocketConnected } from "~/realtime/bell-socket";
import { ANIMATION_MS, PENDING_POLL_MS } from "~/domain/limits";
import { BELL_STATUS_SUBMIT_FIRST, bellStatusWaiting } from "~/domain/messages";
import { hashString } from "~/domain/poem";
import type { PublicWish } from "~/domain/public-wish";
import { useHydrated } from "~/hooks/use-hydrated";
import { prefersReducedMotion, useReducedMotion } from "~/hooks/use-reduced-motion";
import { WishTime } from "~/components/wall/wish-time";
import * as styles from "./pending-wishes.css";
import { useI18n } from "~/i18n/i18n";
import { QuotedText } from "~/components/text/bidi-text";
import { ANONYMOUS_NAME } from "~/domain/messages";

/** How many of the newest pending wishes the sky draws, and how many the list names. */
const CONSTELLATION_SIZE = 12;
const SKY = { width: 100, height: 40, margin: 4 } as const;

interface Playback {
  ids: string[];
  index: number;
  /** True while the wish's words show; false during the gap after it has become a star. */
  featured: boolean;
}

/** A fixed place in the sky for each wish, from its id, so stars never jump between renders. */
function starPosition(id: string): { x: number; y: number } {
  const hash = hashString(id);
  const spanX = SKY.width - 2 * SKY.margin;
  const spanY = SKY.height - 2 * SKY.margin;
  return { x: SKY.margin + ((hash & 0xffff) / 0xffff) * spanX, y: SKY.margin + ((hash >>> 16) / 0xffff) * spanY };
}

/**
 * Refreshes the page's data every PENDING_POLL_MS while the page is idle (nothing loading, no wish encoding) and
 * visible, and only while the room's socket is down: while it is open, its messages say when something changed
 * (docs/realtime.md#pages-follow-the-socket), and a poll would be every open page asking the database every ten seconds for nothing.
 */
function usePendingPoll() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const connected = useBellSocketConnected();
  const latest = useRef({ revalidator, navigation });
  useEffect(() => {
    latest.current = { revalidator, navigation };
  });
  useEffect(() => {
    if (connected) return;
    const timer = setInterval(() => {
      const { revalidator: current, navigation: pending } = latest.current;
      const idle = current.state === "idle" && pending.state === "idle" && !isEncoding();
      if (document.visibilityState === "visible" && idle) current.revalidate();
    }, PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [connected]);
}

/**
 * The wishes still waiting for a ring. The sky draws the newest ones as stars; when a wish of yours reaches the
 * bell (or on request) it plays the constellation: each wish's words for 2 s, then it becomes a star, 0.5 s apart.
 * The list below says the same in words, for everyone and every assistive technology.
 */
export function PendingWishes({ pending, strip }: { pending: readonly PublicWish[]; strip?: readonly PublicWish[] }) {
  const { t } = useI18n();
  const place = usePlace();
  usePendingPoll();
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const waiting = pending.filter((wish) => wish.status === WISH_STATUS.pending);
  const stars = waiting.slice(-CONSTELLATION_SIZE);
  // One line per network, as the server listed them, and the wishes told since (docs/product.md#one-person-one-share).
  const newestFirst = waitingStripLines(waiting, strip);
  const [playback, setPlayback] = useState<Playback | null>(null);
  const starIds = useRef<string[]>([]);
  useEffect(() => {
    starIds.current = stars.map((wish) => wish.id);
  });

  useEffect(() => {
    const play = () => {
      if (prefersReducedMotion() || starIds.current.length === 0) return;
      setPlayback({ ids: starIds.current, index: 0, featured: true });
    };
    window.addEventListener(FIREWORKS_EVENT, play);
    return () => window.removeEventListener(FIREWORKS_EVENT, play);
  }, []);

  useEffect(() => {
    if (!playback) return;
    const timer = setTimeout(
      () => {
        if (playback.featured) setPlayback({ ...playback, featured: false });
        else if (playback.index + 1 < playback.ids.length) setPlayback({ ...playback, index: playback.index + 1, featured: true });
        else setPlayback(null);
      },
      playback.featured ? ANIMATION_MS.constellationWish : ANIMATION_MS.constellationGap,
    );
    return () => clearTimeout(timer);
  }, [playback]);

  const playing = playback !== null && !reducedMotion;
  const order = playing ? playback.ids : stars.map((wish) => wish.id);
  const litCount = playing ? playback.index + (playback.featured ? 0 : 1) : order.length;
  const lit = order.slice(0, litCount).filter((id) => stars.some((wish) => wish.id === id));
  const featured = playing && playback.featured ? waiting.find((wish) => wish.id === playback.ids[playback.index]) : undefined;
  const line = lit.map((id) => starPosition(id)).map(({ x, y }) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" ");

  return (
    <section aria-labelledby="pending-title" className={styles.pending}>
      <div className={styles.header}>
        <h2 id="pending-title" className={styles.title}>
          {t("Wishes waiting for the bell")}
        </h2>
        <p className={styles.status}>{waiting.length > 0 ? bellStatusWaiting(t, waiting.length) : t(BELL_STATUS_SUBMIT_FIRST)}</p>
      </div>
      {stars.length > 0 ? (
        <div className={styles.sky}>
          <svg viewBox={`0 0 ${SKY.width} ${SKY.height}`} className={styles.skySvg} aria-hidden="true" focusable="false">
            {lit.length > 1 ? <polyline points={line} className={styles.skyLine} /> : null}
            {stars.map((wish) => {
              const { x, y } = starPosition(wish.id);
              const isLit = lit.includes(wish.id);
              return (
                <circle
                  key={wish.id}
                  cx={x}
                  cy={y}
                  r={isLit ? 1.1 : 0.6}
                  className={wish.id === featured?.id ? styles.starFeatured : isLit ? styles.starLit : styles.starDim}
                />
              );
            })}
          </svg>
          <p aria-hidden="true" className={styles.caption}>
            {featured ? <QuotedText text={previewLastWish(featured.wish)} /> : null}
          </p>
          {hydrated && !reducedMotion ? (
            <button
              type="button"
              className={styles.play}
              onClick={() =>
                playing ? setPlayback(null) : setPlayback({ ids: stars.map((wish) => wish.id), index: 0, featured: true })
              }
            >
              {playing ? t("Stop the constellation") : t("Play the constellation")}
            </button>
          ) : null}
        </div>
      ) : null}
      {newestFirst.length > 0 ? (
        <>
          <ol className={styles.list}>
            {newestFirst.map((wish) => (
              <li key={wish.id} className={styles.item}>
                <p className={styles.itemText}>
                  <QuotedText text={previewLastWish(wish.wish)} />
                </p>
                <p className={styles.itemMeta}>
                  <bdi>{wish.name === ANONYMOUS_NAME ? t(ANONYMOUS_NAME) : wish.name}</bdi> ·{" "}
                  <bdi suppressHydrationWarning>{place(wish)}</bdi> ·{" "}
                  <WishTime timestamp={wish.timestamp} />
                </p>
              </li>
            ))}
          </ol>
          <p className={styles.more}>
            {waiting.length > newestFirst.length ? `${t("{count} more waiting.", { count: waiting.length - newestFirst.length })} ` : null}
            <a href="#bell-ringer">{t("Ring the bell for them")}</a>
          </p>
        </>
      ) : (
        <p className={styles.more}>
          {/* Not "the first": wishes have been written and rung before this moment (docs/product.md#your-ring). */}
          <a href="#wish-form">{t("Write a wish for the next ring")}</a>
        </p>
      )}
    </section>
  );
}
