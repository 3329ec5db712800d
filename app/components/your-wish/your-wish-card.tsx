import { Link, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useToast } from "~/components/toast/toast";
import { callApi } from "~/lib/api-client";
import { useDeviceFingerprint } from "~/hooks/use-device-fingerprint";
import {
  YOUR_WISH_HIDE,
  YOUR_WISH_WITHDRAW,
  YOUR_WISH_WITHDRAW_CONFIRM,
  YOUR_WISH_WITHDRAW_FAILED,
  YOUR_WISH_WITHDRAW_NO,
  YOUR_WISH_WITHDRAW_YES,
  YOUR_WISH_WITHDRAWN,
  YOUR_WISH_RINGING,
  YOUR_WISH_RINGING_TITLE,
  YOUR_WISH_RUNG,
  YOUR_WISH_RUNG_TITLE,
  YOUR_WISH_SEE_RING,
  YOUR_WISH_WAITING_TITLE,
  yourWishWaiting,
} from "~/domain/messages";
import { ringPath } from "~/domain/share";
import { LAST_WISH_ID_STORAGE_KEY, writeStorage, YOUR_WISH_HIDDEN_STORAGE_KEY } from "~/hooks/storage";
import { useStoredString } from "~/hooks/use-stored-string";
import type { YourWishState } from "~/domain/your-wish";
import * as styles from "./your-wish.css";
import { NotifyWhenRung } from "./notify-when-rung";
import { useI18n } from "~/i18n/i18n";

/**
 * Follows the visitor's latest wish beside the bell: where it waits in the queue, then the way to its ring's page
 * once it has rung. Shown only in a browser that wrote a wish (the id is kept on the device), until closed.
 */
export function YourWishCard({ state }: { state: YourWishState | null }) {
  const { t, path } = useI18n();
  const lastId = useStoredString(LAST_WISH_ID_STORAGE_KEY);
  const hiddenId = useStoredString(YOUR_WISH_HIDDEN_STORAGE_KEY);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const fingerprint = useDeviceFingerprint();
  const toast = useToast();
  const revalidator = useRevalidator();
  if (!state || hiddenId === lastId) return null;

  // The writer's own withdrawal (DELETE /api/wishes/{id} with this device's fingerprint): the wish leaves the wall,
  // the map and the counts; a wish that already rang stays in its ring as "a wish withdrawn".
  const withdraw = async () => {
    setBusy(true);
    try {
      const result = await callApi("withdrawWish", { params: { id: state.wish.id }, body: { deviceFingerprint: fingerprint() } });
      if (!result.ok && result.status !== 404) throw new Error(`withdraw answered ${result.status}`);
      writeStorage(YOUR_WISH_HIDDEN_STORAGE_KEY, state.wish.id);
      toast.show(t(YOUR_WISH_WITHDRAWN), "success");
      revalidator.revalidate();
    } catch {
      toast.show(t(YOUR_WISH_WITHDRAW_FAILED), "error");
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const title = state.kind === "waiting" ? YOUR_WISH_WAITING_TITLE : state.kind === "rung" ? YOUR_WISH_RUNG_TITLE : YOUR_WISH_RINGING_TITLE;
  const sentence =
    state.kind === "waiting" ? yourWishWaiting(t, state.ahead, state.ring, state.companions) : state.kind === "rung" ? t(YOUR_WISH_RUNG) : t(YOUR_WISH_RINGING);

  return (
    <section className={styles.card} aria-labelledby="your-wish-title" data-state={state.kind}>
      <h3 id="your-wish-title" className={styles.title}>
        {t(title)}
      </h3>
      <p className={styles.quote} dir="auto">
        “{state.wish.wish}”
      </p>
      <p className={styles.sentence} aria-live="polite">
        {sentence}
      </p>
      {state.kind === "waiting" ? <NotifyWhenRung wishId={state.wish.id} /> : null}
      {state.kind === "rung" ? (
        <Link to={path(ringPath(state.ringId))} className={styles.action}>
          {t(YOUR_WISH_SEE_RING)}
        </Link>
      ) : null}
      {confirming ? (
        <div className={styles.confirm} role="group" aria-labelledby="your-wish-withdraw-question">
          <p id="your-wish-withdraw-question" className={styles.sentence}>
            {t(YOUR_WISH_WITHDRAW_CONFIRM)}
          </p>
          <button type="button" className={styles.withdraw} disabled={busy} onClick={() => void withdraw()}>
            {t(YOUR_WISH_WITHDRAW_YES)}
          </button>
          <button type="button" className={styles.withdraw} disabled={busy} onClick={() => setConfirming(false)}>
            {t(YOUR_WISH_WITHDRAW_NO)}
          </button>
        </div>
      ) : (
        <button type="button" className={styles.withdraw} onClick={() => setConfirming(true)}>
          {t(YOUR_WISH_WITHDRAW)}
        </button>
      )}
      <button type="button" className={styles.hide} aria-label={t(YOUR_WISH_HIDE)} title={t(YOUR_WISH_HIDE)} onClick={() => writeStorage(YOUR_WISH_HIDDEN_STORAGE_KEY, state.wish.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
