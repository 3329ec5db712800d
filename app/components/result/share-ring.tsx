import { useEffect, useRef, type RefObject } from "react";
import { useToast } from "~/components/toast/toast";
import { chatShareLinks } from "~/domain/for-someone";
import { COPY_LINK_FAILED, COPY_LINK_SUCCESS, SAVE_SQUARE_IMAGE, SAVE_STORY_IMAGE, SHARE_FAILED } from "~/domain/messages";
import { postText, shareLinks } from "~/domain/share";
import { useHydrated } from "~/hooks/use-hydrated";
import { LAST_WISH_ID_STORAGE_KEY } from "~/hooks/storage";
import { useStoredString } from "~/hooks/use-stored-string";
import { visuallyHidden } from "~/styles/layout.css";
import * as styles from "./result.css";
import { useI18n } from "~/i18n/i18n";

const STORY_FILE_NAME = "quantum-bell-ring.png";
const SQUARE_FILE_NAME = "quantum-bell-ring-square.png";

/** A poster's path: the one with the visitor's own words when this device wrote one of the ring's wishes, else anyone's. */
export function useOwnPath(anyones: string, own: Record<string, string> = {}): string {
  const hydrated = useHydrated();
  // The visitor's own wish in this ring (kept on this device when they wrote it) puts their words on the poster.
  const ownWish = useStoredString(LAST_WISH_ID_STORAGE_KEY);
  return (hydrated && ownWish && own[ownWish]) || anyones;
}

/** The ring's story image as a file for the share sheet, or null when it cannot be had. */
async function cardFile(imagePath: string): Promise<File | null> {
  try {
    const response = await fetch(imagePath);
    if (!response.ok) return null;
    return new File([await response.blob()], STORY_FILE_NAME, { type: "image/png" });
  } catch {
    return null;
  }
}

/**
 * The story image, fetched as soon as the page knows it can be shared natively (phones, mostly): a share sheet must
 * open within the tap's short grace period, which a slow fetch started by the tap could outlast.
 */
function useCardFile(imagePath: string, wanted: boolean): RefObject<Promise<File | null> | null> {
  const card = useRef<Promise<File | null> | null>(null);
  useEffect(() => {
    if (wanted) card.current = cardFile(imagePath);
  }, [imagePath, wanted]);
  return card;
}

/** The device has a share sheet; read only once hydrated, so the server's page and the first render agree. */
function useNativeShare(): boolean {
  const hydrated = useHydrated();
  return hydrated && typeof navigator.share === "function";
}

function useCopy(url: string): () => Promise<void> {
  const { show } = useToast();
  return async () => {
    try {
      await navigator.clipboard.writeText(url);
      show(COPY_LINK_SUCCESS, "success");
    } catch {
      show(COPY_LINK_FAILED, "error");
    }
  };
}

/**
 * The share control beside the poem (docs/product.md#the-loop-back): one tap opens the device's share sheet with the
 * ring's story image (1080×1920) when the sheet takes files, else with the text and the link. Where there is no share
 * sheet, the same tap opens a small menu in its place: the chat apps people share through and a copy button. The menu
 * is a disclosure and its chat links work without JavaScript.
 */
export function ShareNow({ url, text, storyPath }: { url: string; text: string; storyPath: string }) {
  const { t } = useI18n();
  const { show } = useToast();
  const hydrated = useHydrated();
  const native = useNativeShare();
  const card = useCardFile(storyPath, native);
  const copy = useCopy(url);
  const chats = chatShareLinks(url, postText(text));

  const share = async () => {
    const file = await (card.current ?? cardFile(storyPath));
    const withCard = file && navigator.canShare?.({ files: [file] }) ? { files: [file] } : {};
    try {
      await navigator.share({ title: text, text, url, ...withCard });
    } catch (error) {
      // Closing the sheet is the visitor's choice, not a failure.
      if (!(error instanceof DOMException && error.name === "AbortError")) show(SHARE_FAILED, "error");
    }
  };

  return (
    <div className={styles.shareNow} data-testid="share-now">
      {native ? (
        <button type="button" className={styles.primaryShareButton} onClick={() => void share()}>
          {t("Share…")}
        </button>
      ) : (
        <details className={styles.shareMenu}>
          <summary className={`${styles.primaryShareButton} ${styles.shareMenuSummary}`}>{t("Share…")}</summary>
          <div className={styles.shareMenuItems} role="group" aria-label={t("Share this ring")}>
            <a className={styles.shareButton} href={chats.whatsapp} target="_blank" rel="noopener noreferrer">
              WhatsApp
              <span className={visuallyHidden}> {t("(opens in a new tab)")}</span>
            </a>
            <a className={styles.shareButton} href={chats.telegram} target="_blank" rel="noopener noreferrer">
              Telegram
              <span className={visuallyHidden}> {t("(opens in a new tab)")}</span>
            </a>
            {hydrated ? (
              <button type="button" className={styles.shareButton} onClick={() => void copy()}>
                {t("Copy link")}
              </button>
            ) : null}
          </div>
        </details>
      )}
    </div>
  );
}

/**
 * The rest of the ways to share, in the page's share section: copying the address (beside the poem already where
 * there is no share sheet), the social links and the posters to keep: the story image (1080×1920) and the square one
 * (1080×1080, a feed's post). The links work without JavaScript.
 */
export function ShareRing({ url, text, storyPath, squarePath }: { url: string; text: string; storyPath: string; squarePath: string }) {
  const { t } = useI18n();
  const native = useNativeShare();
  const copy = useCopy(url);
  const links = shareLinks(url, postText(text));

  return (
    <div className={styles.shareRow}>
      {native ? (
        <button type="button" className={styles.shareButton} onClick={() => void copy()}>
          {t("Copy link")}
        </button>
      ) : null}
      <a className={styles.shareButton} href={links.twitter} target="_blank" rel="noopener noreferrer">
        {t("Share on X")}
        <span className={visuallyHidden}> {t("(opens in a new tab)")}</span>
      </a>
      <a className={styles.shareButton} href={links.facebook} target="_blank" rel="noopener noreferrer">
        {t("Share on Facebook")}
        <span className={visuallyHidden}> {t("(opens in a new tab)")}</span>
      </a>
      <a className={styles.shareButton} href={links.linkedin} target="_blank" rel="noopener noreferrer">
        {t("Share on LinkedIn")}
        <span className={visuallyHidden}> {t("(opens in a new tab)")}</span>
      </a>
      <a className={styles.shareButton} href={storyPath} download={STORY_FILE_NAME}>
        {t(SAVE_STORY_IMAGE)}
      </a>
      <a className={styles.shareButton} href={squarePath} download={SQUARE_FILE_NAME}>
        {t(SAVE_SQUARE_IMAGE)}
      </a>
    </div>
  );
}
