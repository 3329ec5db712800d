import { useToast } from "~/components/toast/toast";
import { COPY_LINK_FAILED, COPY_LINK_SUCCESS } from "~/domain/messages";
import { shareLinks, tweetText } from "~/domain/share";
import { useHydrated } from "~/hooks/use-hydrated";
import { visuallyHidden } from "~/styles/layout.css";
import * as styles from "./result.css";

/** Copy the ring's address or post it. The social links work without JavaScript; copying needs it, so it waits. */
export function ShareRing({ url, text }: { url: string; text: string }) {
  const { show } = useToast();
  const hydrated = useHydrated();
  const links = shareLinks(url, tweetText(text));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      show(COPY_LINK_SUCCESS, "success");
    } catch {
      show(COPY_LINK_FAILED, "error");
    }
  };

  return (
    <div className={styles.shareRow}>
      {hydrated ? (
        <button type="button" className={styles.shareButton} onClick={copy}>
          Copy link
        </button>
      ) : null}
      <a className={styles.shareButton} href={links.twitter} target="_blank" rel="noopener noreferrer">
        Share on X<span className={visuallyHidden}> (opens in a new tab)</span>
      </a>
      <a className={styles.shareButton} href={links.facebook} target="_blank" rel="noopener noreferrer">
        Share on Facebook<span className={visuallyHidden}> (opens in a new tab)</span>
      </a>
      <a className={styles.shareButton} href={links.linkedin} target="_blank" rel="noopener noreferrer">
        Share on LinkedIn<span className={visuallyHidden}> (opens in a new tab)</span>
      </a>
    </div>
  );
}
