import { useState } from "react";
import { chatShareLinks } from "~/domain/for-someone";
import { COPY_LINK_FAILED, FOR_COPIED, FOR_COPY, FOR_LINK_READY, FOR_SHARE, FOR_SHARE_TEXT, SHARE_FAILED } from "~/domain/messages";
import { useHydrated } from "~/hooks/use-hydrated";
import { useI18n } from "~/i18n/i18n";
import * as styles from "./for-someone.css";

/**
 * After a wish for someone is sent: their page's link, handed to the device's share sheet where there is one, else to
 * WhatsApp, Telegram or the clipboard. Without JavaScript the link is shown to copy by hand.
 */
export function ForSomeoneShare({ url, forName }: { url: string; forName: string }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [said, setSaid] = useState<string | null>(null);
  const native = hydrated && typeof navigator.share === "function";
  const text = t(FOR_SHARE_TEXT);
  const chats = chatShareLinks(url, text);

  async function share() {
    try {
      await navigator.share({ title: text, text, url });
    } catch (error) {
      // Closing the sheet is not a failure.
      if (!(error instanceof DOMException && error.name === "AbortError")) setSaid(SHARE_FAILED);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setSaid(FOR_COPIED);
    } catch {
      setSaid(COPY_LINK_FAILED);
    }
  }

  return (
    <section className={styles.share} aria-labelledby="for-someone-ready" data-testid="for-someone-share">
      <p id="for-someone-ready" className={styles.ready}>
        {t(FOR_LINK_READY, { forName })}
      </p>
      <p className={styles.link}>
        <a href={url} dir="ltr">
          {url}
        </a>
      </p>
      {hydrated ? (
        <div className={styles.buttons}>
          {native ? (
            <button type="button" className={styles.button} onClick={() => void share()}>
              {t(FOR_SHARE)}
            </button>
          ) : (
            <>
              <a className={styles.button} href={chats.whatsapp} target="_blank" rel="noopener noreferrer">
                WhatsApp
              </a>
              <a className={styles.button} href={chats.telegram} target="_blank" rel="noopener noreferrer">
                Telegram
              </a>
              <button type="button" className={styles.button} onClick={() => void copy()}>
                {t(FOR_COPY)}
              </button>
            </>
          )}
        </div>
      ) : null}
      <p role="status" className={styles.said}>
        {said ? t(said) : null}
      </p>
    </section>
  );
}
