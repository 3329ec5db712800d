import { RING_STATUS } from "~/domain/statuses";
import { Link, useNavigationType, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useFormats } from "~/i18n/format";
import { PENDING_POLL_MS } from "~/domain/limits";
import { BATCH_FAILED, BATCH_GAVE_UP } from "~/domain/messages";
import { applyBatchUpdate, shownRing, type RingView } from "~/domain/ring-view";
import { useBellMessages, useBellSocketConnected } from "~/realtime/bell-socket";
import { useResync } from "~/realtime/live-home";
import { container, visuallyHidden } from "~/styles/layout.css";
import { BitString } from "./bit-string";
import { CircuitDiagram } from "./circuit-diagram";
import { CountsHistogram } from "./counts-histogram";
import { HardwareRunDetails } from "./hardware-run";
import {
  answerSentence,
  arrivalAnnouncement,
  bitOrderNote,
  circuitCaption,
  countsHeading,
  listeningBody,
  listeningTitle,
  providerSentence,
  ringShareText,
  RING_TITLE_FALLBACK,
  sharedRingContext,
  shotsSentence,
  timingSentence,
  wishReading,
  yourCompanyLine,
} from "./result-copy";
import * as styles from "./result.css";
import { RingWishes } from "./ring-wishes";
import { ShareNow, ShareRing, useOwnPath } from "./share-ring";
import { SidewaysScroller } from "./sideways-scroller";
import { Constellation } from "./constellation";
import { BidiText } from "~/components/text/bidi-text";
import { isolate, isolating } from "~/domain/bidi";
import { useI18n } from "~/i18n/i18n";
import { regionName } from "~/i18n/place";
import { pageTitle } from "~/lib/meta";
import { ringVerse } from "~/domain/verse/verse";
import { LAST_WISH_ID_STORAGE_KEY } from "~/hooks/storage";
import { useStoredString } from "~/hooks/use-stored-string";
import type { PublicWish } from "~/domain/public-wish";

/** The tab's title, set from an effect once a result arrives in place. */
function showTitle(title: string) {
  document.title = title;
}

/** The ring's wish this device wrote (its latest), or null: a visitor from a shared link, or any other ring. */
function useYourWishIn(ring: RingView): PublicWish | null {
  const ownId = useStoredString(LAST_WISH_ID_STORAGE_KEY);
  return (ownId && ring.wishes.find((wish) => wish.id === ownId && !wish.withdrawn)) || null;
}

/** The other wishes' countries, each once, in the page's language. */
function companyCountries(wishes: readonly PublicWish[], yours: PublicWish, tag: string): string[] {
  const names = wishes
    .filter((wish) => wish.id !== yours.id && !wish.withdrawn)
    .flatMap((wish) => {
      const code = wish.countryCode?.toUpperCase();
      const name = (code && code.length === 2 ? regionName(code, tag) : undefined) ?? wish.country?.trim();
      return name ? [name] : [];
    });
  return [...new Set(names)];
}

/**
 * Keeps a ring that is still being computed up to date. The room's `batch-update` for it carries the result, the
 * poem and the time, and the page shows them at once, without a request (docs/realtime.md#pages-follow-the-socket); only a hardware ring, whose run
 * details live in the database, is then read again once, after a random 1–3 s so pages do not arrive together.
 * (Re)connecting the socket reloads, in case the result landed while it was closed; a slow poll covers visitors whose
 * socket is down, and only while it is down.
 */
function useLiveRing(ring: RingView): { view: RingView; retrying: boolean } {
  const { revalidate } = useRevalidator();
  const connected = useBellSocketConnected();
  const [turbulence, setTurbulence] = useState(false);
  // What the socket said, and the loader's ring it was applied to; shownRing says which of the two the page shows.
  const [applied, setApplied] = useState<{ to: RingView; view: RingView } | null>(null);
  const view = shownRing(ring, applied);
  const processing = ring.status === RING_STATUS.queued || ring.status === RING_STATUS.running;
  const resync = useResync();

  useBellMessages((message) => {
    if (message.type !== "batch-update" || message.bellRingId !== ring.id) return;
    setTurbulence(message.subType === "failed" && message.data.retrying);
    const next = applyBatchUpdate(view, message);
    if (!next) {
      revalidate();
      return;
    }
    setApplied({ to: ring, view: next });
    if (next.provider === "ibm" && next.status === RING_STATUS.completed) resync();
  });

  useEffect(() => {
    if (processing && connected) revalidate();
  }, [processing, connected, revalidate]);

  useEffect(() => {
    if (!processing || connected) return;
    const timer = setInterval(revalidate, PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [processing, connected, revalidate]);

  const viewProcessing = view.status === RING_STATUS.queued || view.status === RING_STATUS.running;
  // While queued, a stored error means the provider failed once and the job will be tried again.
  return { view, retrying: viewProcessing && (turbulence || view.error !== null) };
}

/**
 * Arriving from the bell (or any link inside the site), focus moves to the page's heading, so keyboard and screen
 * reader users start at the answer instead of on a button that no longer exists. A fresh load or a history step
 * keeps the browser's own focus.
 */
function useFocusOnArrival() {
  const heading = useRef<HTMLHeadingElement>(null);
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== "POP") heading.current?.focus({ preventScroll: true });
  }, [navigationType]);
  return heading;
}

export function RingResult({
  ring: loaded,
  url,
  siteName,
  storyPath: anyonesStory,
  ownStoryPaths = {},
  squarePath: anyonesSquare,
  ownSquarePaths = {},
}: {
  ring: RingView;
  url: string;
  siteName: string;
  storyPath: string;
  /** The story with each writer's own words, by wish id (docs/product.md#the-loop-back): a writer sharing their own ring gets theirs. */
  ownStoryPaths?: Record<string, string>;
  /** The square poster (1080×1080), anyone's and each writer's own, signed like the story. */
  squarePath: string;
  ownSquarePaths?: Record<string, string>;
}) {
  const { t, path, tag, locale } = useI18n();
  // Sentences with a site name, a name, a country or a backend in them: each value isolated (ADR 0096).
  const ti = isolating(t);
  const formats = useFormats();
  const { view: ring, retrying } = useLiveRing(loaded);
  const heading = useFocusOnArrival();
  const processing = ring.status === RING_STATUS.queued || ring.status === RING_STATUS.running;
  // Remembered from the first render, so the poem is announced only when it arrives while the visitor waits.
  const [arrivedLive] = useState(processing);
  const completed = ring.status === RING_STATUS.completed && ring.bitstring !== null;
  // Hidden (moderated) wishes leave the page but not the circuit; numbering by qubit is then not possible.
  const numbered = ring.wishes.length === ring.circuit.qubits;
  // The ring's verse in the page's language (ADR 0091), written from what the ring stores, or from what the socket
  // brought: the same text the server drew.
  const verse = ring.status === RING_STATUS.completed ? ringVerse(ring, locale) : null;
  const title = processing ? listeningTitle(t, ring) : verse ? verse.join(" ") : t(RING_TITLE_FALLBACK);
  // A result that arrives over the socket changes the page in place, without the loader its <title> comes from: the
  // tab (and a bookmark made now) would keep saying "A ring of the bell".
  const poemTitle = verse ? verse[0] : null;
  useEffect(() => {
    if (poemTitle) showTitle(pageTitle(poemTitle, siteName));
  }, [poemTitle, siteName]);
  const yours = useYourWishIn(ring);
  const yourQubit = yours ? ring.wishes.indexOf(yours) : -1;
  const shareText = ringShareText(t, ring, verse, ring.circuit.qubits || ring.wishes.length, siteName, yours?.wish);
  const writeYourOwn = `${path("/")}#wish-form`;
  const timing = timingSentence(t, ring);
  const orderNote = completed ? bitOrderNote(t, ring, ring.bitstring ?? "") : null;
  const storyPath = useOwnPath(anyonesStory, ownStoryPaths);
  const squarePath = useOwnPath(anyonesSquare, ownSquarePaths);

  return (
    <article className={`${container} ${styles.page}`} aria-labelledby="ring-title">
      <header className={styles.hero}>
        <p className={styles.eyebrow} data-testid="ring-date-line">
          <BidiText text={ti("A ring of the {siteName}", { siteName })} /> ·{" "}
          <bdi className={styles.eyebrowDate}>
            <time dateTime={ring.createdAt} suppressHydrationWarning>
              {formats.longUtc(ring.createdAt)}
            </time>
          </bdi>
        </p>
        {/* Country names come from Intl, whose words can differ by a character between workerd and the browser. */}
        <h1 id="ring-title" className={styles.poem} ref={heading} tabIndex={-1} suppressHydrationWarning>
          {verse && !processing
            ? verse.map((line, index) =>
                index === 0 ? (
                  line
                ) : (
                  <span key={index} className={styles.verseLine} suppressHydrationWarning>
                    {` ${line}`}
                  </span>
                ),
              )
            : title}
        </h1>
        {/* The share sheet is one tap from the poem (docs/product.md#the-loop-back). */}
        <ShareNow url={url} text={shareText} storyPath={storyPath} />
        {yours ? (
          <p className={styles.yourLine} data-testid="your-company">
            <BidiText text={yourCompanyLine(ti, formats.list, companyCountries(ring.wishes, yours, tag).map(isolate), ring.wishes.length - 1)} />
          </p>
        ) : null}
        <Constellation
          qubits={ring.circuit.qubits || ring.wishes.length}
          bitstring={completed ? ring.bitstring : null}
          yourQubit={numbered && yourQubit >= 0 ? yourQubit : null}
        />
        {processing ? (
          <div className={styles.listening} aria-hidden="true">
            <span className={styles.listeningDot} />
            <span className={styles.listeningDot} />
            <span className={styles.listeningDot} />
          </div>
        ) : null}
        <div role="status" aria-live="polite" aria-atomic="true">
          {processing ? (
            <p className={styles.heroNote}>
              <BidiText text={listeningBody(ti, ring)} />
            </p>
          ) : null}
          {retrying ? <p className={styles.warning}>{t(ring.error ?? BATCH_FAILED)}</p> : null}
          {ring.status === RING_STATUS.failed ? <p className={styles.heroNote}>{t(ring.error ?? BATCH_GAVE_UP)}</p> : null}
          {completed && arrivedLive ? <p className={visuallyHidden}>{arrivalAnnouncement(t, ring, title)}</p> : null}
        </div>
        {/* A visitor who came by a shared link learns what this is and how to add their own, on the first screen. */}
        {yours ? null : (
          <div className={styles.sharedContext} data-testid="shared-context">
            <p className={styles.heroNote}>
              <BidiText text={sharedRingContext(ti, siteName, ring.wishes.length)} />
            </p>
            <Link to={writeYourOwn} className={styles.primaryLink}>
              {t("Write your own wish")}
            </Link>
          </div>
        )}
      </header>

      {/* The people before the physics (ADR 0097): the wishes come right after the verse and its share button. */}
      <section className={styles.section} aria-labelledby="ring-wishes">
        <h2 id="ring-wishes" className={styles.sectionTitle}>
          {t("The entangled wishes")}
        </h2>
        <RingWishes wishes={ring.wishes} numbered={numbered} yourId={yours?.id ?? null} />
      </section>

      {completed ? (
        <section className={styles.section} aria-labelledby="ring-answer">
          <h2 id="ring-answer" className={styles.sectionTitle}>
            {t("The answer")}
          </h2>
          <p className={styles.muted}>
            <BidiText text={answerSentence(ti, ring, ring.bitstring ?? "")} />
          </p>
          <BitString bitstring={ring.bitstring ?? ""} wishes={numbered ? ring.wishes : null} />
          {numbered ? (
            <ul className={styles.readings}>
              {Array.from(ring.bitstring ?? "").map((bit, q) => (
                <li key={q}>
                  <BidiText text={wishReading(ti, t("Wish {number}", { number: q + 1 }), ring.wishes[q]?.name ?? null, bit)} />
                </li>
              ))}
            </ul>
          ) : null}
          {orderNote ? <p className={styles.orderNote}>{orderNote}</p> : null}
        </section>
      ) : null}

      {/* The physics behind the keepsake, one tap away: where the ring ran in plain words, then the circuit, the histogram and the shot counts. */}
      <section className={styles.section} data-testid="ring-physics">
        <p className={styles.muted} data-testid="ring-provider">
          <BidiText text={providerSentence(ti, ring)} />
        </p>
        <details className={styles.section}>
          <summary className={styles.physicsSummary}>{t("See the physics")}</summary>
          <div className={styles.physics}>
            <section className={styles.section} aria-labelledby="ring-circuit">
              <h2 id="ring-circuit" className={styles.sectionTitle}>
                {t("The circuit")}
              </h2>
              <ul className={styles.facts}>
                {timing ? <li>{timing}</li> : null}
                {completed ? <li>{shotsSentence(t, ring, ring.shots)}</li> : null}
              </ul>
              <figure className={styles.figure}>
                <SidewaysScroller label={t("Circuit diagram")} hint={t("Swipe or scroll sideways to follow each wire to its measurement.")}>
                  <CircuitDiagram circuit={ring.circuit} />
                </SidewaysScroller>
                <figcaption className={styles.caption}>
                  <BidiText text={circuitCaption(ti, ring)} />
                </figcaption>
              </figure>
              {ring.hardware ? <HardwareRunDetails run={ring.hardware} ran={ring.status === RING_STATUS.completed} /> : null}
            </section>

            {completed && ring.counts ? (
              <section className={styles.section} aria-labelledby="ring-counts">
                <h2 id="ring-counts" className={styles.sectionTitle}>
                  {countsHeading(t, ring)}
                </h2>
                <p className={styles.legend}>
                  <span className={styles.legendSwatch} aria-hidden="true" />
                  {t("The chosen bit string, the most frequent outcome, is drawn in gold.")}
                </p>
                <SidewaysScroller label={t("Histogram of measured outcomes")} hint={t("Swipe or scroll sideways to see every count.")}>
                  <CountsHistogram counts={ring.counts} chosen={ring.bitstring} shots={ring.shots} />
                </SidewaysScroller>
              </section>
            ) : null}
          </div>
        </details>
      </section>

      <section className={styles.section} aria-labelledby="ring-share">
        <h2 id="ring-share" className={styles.sectionTitle}>
          {t("Share this ring")}
        </h2>
        <ShareRing url={url} text={shareText} storyPath={storyPath} squarePath={squarePath} />
      </section>

      <p className={styles.footerRow}>
        <Link to={writeYourOwn} className={styles.primaryLink}>
          {yours ? t("Make another wish") : t("Write your own wish")}
        </Link>
      </p>
    </article>
  );
}
