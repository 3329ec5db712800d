import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useToast } from "~/components/toast/toast";
import {
  COPY_LINK_FAILED,
  COPY_LINK_SUCCESS,
  REPORT_ALREADY,
  REPORT_FAILED,
  REPORT_SENT,
  SHARE_FAILED,
  SHARE_WISH_NOW,
} from "~/domain/messages";
import type { PublicWish } from "~/domain/public-wish";
import { copyLinkOutcome, shareLinks, tweetText, type CopyLinkOutcome, type ShareLinks } from "~/domain/share";
import { useDeviceFingerprint } from "~/hooks/use-device-fingerprint";
import { callApi } from "~/lib/api-client";
import { useHydrated } from "~/hooks/use-hydrated";
import { visuallyHidden } from "~/styles/layout.css";
import * as styles from "./wish-wall.css";
import { useI18n } from "~/i18n/i18n";

// "X", as the rest of the site names it (the product's first "Twitter" predates the rename; ADR 0056).
const NETWORKS: { key: keyof ShareLinks; label: string }[] = [
  { key: "twitter", label: "X" },
  { key: "facebook", label: "Facebook" },
  { key: "linkedin", label: "LinkedIn" },
];

/** Asks the server for the wish's current state: a wish may have been rung since the page loaded. */
async function lookUpOutcome(wishId: string): Promise<CopyLinkOutcome | null> {
  const result = await callApi("getWish", { params: { id: wishId } });
  if (result.status === 404) return copyLinkOutcome(null);
  return result.ok ? copyLinkOutcome(result.data) : null;
}

/**
 * The per-wish Share disclosure (docs/product.md#the-home-page): Copy Link, Twitter, Facebook, LinkedIn, all pointing at /bell/{bellRingId}.
 * A native <details> so it opens without JavaScript too; opening it fetches the wish first (docs/api.md#calls), so a wish
 * rung since the page loaded shares its ring at once. Until then the menu says why there is no ring link yet and
 * offers to share the wish with the site's address.
 */
export function ShareMenu({ wish, origin }: { wish: PublicWish; origin: string }) {
  const { t, path } = useI18n();
  const hydrated = useHydrated();
  const toast = useToast();
  const fingerprint = useDeviceFingerprint();
  const details = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  // Opens upwards; where that would pass under the sticky header or off the top of the screen, downwards instead.
  const [below, setBelow] = useState(false);
  const list = useRef<HTMLUListElement>(null);

  useLayoutEffect(() => {
    if (!open || !list.current) return;
    const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    setBelow(list.current.getBoundingClientRect().top < Math.max(0, header));
  }, [open]);
  const [outcome, setOutcome] = useState<CopyLinkOutcome>(() => copyLinkOutcome(wish));
  const links =
    outcome.kind === "link" ? shareLinks(new URL(path(outcome.path), origin).href, tweetText(wish.wish)) : null;

  async function refresh(): Promise<CopyLinkOutcome | null> {
    const fresh = await lookUpOutcome(wish.id);
    if (fresh) setOutcome(fresh);
    return fresh;
  }

  function close() {
    if (details.current) details.current.open = false;
    details.current?.querySelector("summary")?.focus();
  }

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (details.current && !details.current.contains(event.target as Node)) details.current.open = false;
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  async function copyLink() {
    const fresh = await refresh();
    if (!fresh) {
      toast.show(COPY_LINK_FAILED, "error");
      return;
    }
    if (fresh.kind !== "link") {
      toast.show(fresh.message, fresh.kind);
      return;
    }
    try {
      await navigator.clipboard.writeText(new URL(path(fresh.path), origin).href);
      toast.show(COPY_LINK_SUCCESS, "success");
      close();
    } catch {
      toast.show(COPY_LINK_FAILED, "error");
    }
  }

  async function share(network: keyof ShareLinks) {
    const fresh = await refresh();
    if (!fresh) {
      toast.show(SHARE_FAILED, "error");
      return;
    }
    if (fresh.kind !== "link") {
      toast.show(fresh.message, fresh.kind);
      return;
    }
    window.open(shareLinks(new URL(path(fresh.path), origin).href, tweetText(wish.wish))[network], "_blank", "noopener,noreferrer");
    close();
  }

  /**
   * A wish not rung yet has no ring page to point at, but the moment to share it is now: it goes out with the
   * site's address, through the device's share sheet where there is one, else as a copied link.
   */
  async function invite() {
    const site = new URL(path("/"), origin).href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ text: tweetText(wish.wish), url: site });
        close();
      } catch (error) {
        if (!(error instanceof DOMException && error.name === "AbortError")) toast.show(SHARE_FAILED, "error");
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(site);
      toast.show(COPY_LINK_SUCCESS, "success");
      close();
    } catch {
      toast.show(COPY_LINK_FAILED, "error");
    }
  }

  /** Flags the wish for the moderators (one report per device; three reports hide it until reviewed). */
  async function report() {
    try {
      const result = await callApi("report", { params: { id: wish.id }, body: { deviceFingerprint: fingerprint() } });
      if (!result.ok) throw new Error(`report answered ${result.status}`);
      const answer = result.data;
      toast.show(answer.alreadyReported ? REPORT_ALREADY : REPORT_SENT, answer.alreadyReported ? "info" : "success");
      close();
    } catch {
      toast.show(REPORT_FAILED, "error");
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      close();
    }
  }

  return (
    <details
      ref={details}
      className={styles.share}
      onToggle={(event) => {
        const isOpen = event.currentTarget.open;
        setOpen(isOpen);
        if (isOpen && hydrated) void refresh();
      }}
      onKeyDown={onKeyDown}
    >
      <summary className={styles.shareToggle}>
        {t("Share")}
        <span className={visuallyHidden}> {t("this wish")}</span>
      </summary>
      <ul ref={list} className={styles.shareList} data-placement={below ? "below" : undefined}>
        {hydrated && outcome.kind === "info" ? (
          <>
            <li className={styles.shareNote}>{t(outcome.message)}</li>
            <li>
              <button type="button" className={styles.shareItem} onClick={invite}>
                {t(SHARE_WISH_NOW)}
              </button>
            </li>
          </>
        ) : null}
        {hydrated ? (
          <li>
            <button type="button" className={styles.shareItem} onClick={copyLink}>
              {t("Copy Link")}
            </button>
          </li>
        ) : null}
        {NETWORKS.map(({ key, label }) =>
          links ? (
            <li key={key}>
              <a className={styles.shareItem} href={links[key]} target="_blank" rel="noopener noreferrer" onClick={close}>
                {label}
                <span className={visuallyHidden}> {t("(opens in a new tab)")}</span>
              </a>
            </li>
          ) : hydrated ? (
            <li key={key}>
              <button type="button" className={styles.shareItem} onClick={() => share(key)}>
                {label}
              </button>
            </li>
          ) : null,
        )}
        {!links && !hydrated && outcome.kind !== "link" ? <li className={styles.shareNote}>{t(outcome.message)}</li> : null}
        {hydrated ? (
          <li>
            <button type="button" className={styles.shareItem} onClick={report}>
              {t("Report this wish")}
            </button>
          </li>
        ) : null}
      </ul>
    </details>
  );
}
