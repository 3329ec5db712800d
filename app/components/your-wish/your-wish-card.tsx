import { Link } from "@remix-run/react";
import {
  YOUR_WISH_HIDE,
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
import { useI18n } from "~/i18n/i18n";

/**
 * Follows the visitor's latest wish beside the bell: where it waits in the queue, then the way to its ring's page
 * once it has rung. Shown only in a browser that wrote a wish (the id is kept on the device), until closed.
 */
export function YourWishCard({ state }: { state: YourWishState | null }) {
  const { t, path } = useI18n();
  const lastId = useStoredString(LAST_WISH_ID_STORAGE_KEY);
  const hiddenId = useStoredString(YOUR_WISH_HIDDEN_STORAGE_KEY);
  if (!state || hiddenId === lastId) return null;

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
      {state.kind === "rung" ? (
        <Link to={path(ringPath(state.ringId))} className={styles.action}>
          {t(YOUR_WISH_SEE_RING)}
        </Link>
      ) : null}
      <button type="button" className={styles.hide} aria-label={t(YOUR_WISH_HIDE)} title={t(YOUR_WISH_HIDE)} onClick={() => writeStorage(YOUR_WISH_HIDDEN_STORAGE_KEY, state.wish.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
