import { useState } from "react";
import { PUSH_ASKING, PUSH_DENIED, PUSH_FAILED, PUSH_OFFER, PUSH_SUBSCRIBED, PUSH_UNAVAILABLE } from "~/domain/messages";
import { useDeviceFingerprint } from "~/hooks/use-device-fingerprint";
import { PUSH_WISH_STORAGE_KEY, writeStorage } from "~/hooks/storage";
import { useHydrated } from "~/hooks/use-hydrated";
import { useStoredString } from "~/hooks/use-stored-string";
import { useI18n } from "~/i18n/i18n";
import type { PushOutcome } from "./push-subscribe";
import * as styles from "./your-wish.css";

const SENTENCES: Record<Exclude<PushOutcome, "subscribed">, string> = { denied: PUSH_DENIED, unavailable: PUSH_UNAVAILABLE, failed: PUSH_FAILED };

function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/**
 * The one opt-in after a wish is sent: a Web Push when this wish rings. Shown only where the browser can receive one;
 * the subscribing code (and the service worker it registers) loads on the press, not with the page.
 */
export function NotifyWhenRung({ wishId }: { wishId: string }) {
  const { t } = useI18n();
  const fingerprint = useDeviceFingerprint();
  const hydrated = useHydrated();
  const subscribedWish = useStoredString(PUSH_WISH_STORAGE_KEY);
  const [asked, setState] = useState<"idle" | "asking" | PushOutcome>("idle");
  if (!hydrated || !pushSupported()) return null;
  const state = subscribedWish === wishId ? "subscribed" : asked;

  const ask = async () => {
    setState("asking");
    try {
      const { subscribeToRing } = await import("./push-subscribe");
      const outcome = await subscribeToRing(wishId, fingerprint());
      if (outcome === "subscribed") writeStorage(PUSH_WISH_STORAGE_KEY, wishId);
      setState(outcome);
    } catch {
      setState("failed");
    }
  };

  if (state === "subscribed") {
    return (
      <p className={styles.sentence} role="status">
        {t(PUSH_SUBSCRIBED)}
      </p>
    );
  }
  return (
    <div className={styles.notify}>
      <button type="button" className={styles.withdraw} disabled={state === "asking"} onClick={() => void ask()}>
        {t(state === "asking" ? PUSH_ASKING : PUSH_OFFER)}
      </button>
      {state === "denied" || state === "unavailable" || state === "failed" ? (
        <p className={styles.sentence} role="status">
          {t(SENTENCES[state])}
        </p>
      ) : null}
    </div>
  );
}
