import type { PublicWish } from "~/domain/public-wish";
import * as styles from "./result.css";
import { useI18n } from "~/i18n/i18n";
import { THEME_LABELS } from "~/domain/theme";
import { ANONYMOUS_NAME, WISH_WITHDRAWN } from "~/domain/messages";
import { usePlace } from "~/i18n/place";

/** The wishes of the ring, numbered as their qubits are. */
export function RingWishes({ wishes, numbered }: { wishes: PublicWish[]; numbered: boolean }) {
  const { t } = useI18n();
  // The server writes "Anonymous" and "A fellow dreamer" in English; the page reads them in its own language.
  const name = (wish: PublicWish) => (wish.name === ANONYMOUS_NAME ? t(ANONYMOUS_NAME) : wish.name);
  const place = usePlace();
  return (
    <ol className={styles.wishList}>
      {wishes.map((wish, index) => (
        <li key={wish.id}>
          <article className={styles.wishCard} aria-label={numbered ? t("Wish {number}", { number: index + 1 }) : t("Wish from {name}", { name: name(wish) })}>
            <div className={styles.wishHeader}>
              {numbered ? <span className={styles.wishNumber}>{t("Wish {number}", { number: index + 1 })}</span> : null}
              {wish.withdrawn ? null : <span className={styles.themeChip[wish.theme] ?? styles.themeChip.General}>{t(THEME_LABELS[wish.theme] ?? wish.theme)}</span>}
            </div>
            {wish.withdrawn ? (
              <p className={styles.wishText}>{t(WISH_WITHDRAWN)}</p>
            ) : (
              <>
                <p className={styles.wishText} dir="auto">
                  {wish.wish}
                </p>
                <p className={styles.wishMeta}>
                  <bdi>{name(wish)}</bdi> · <bdi suppressHydrationWarning>{place(wish)}</bdi>
                </p>
              </>
            )}
          </article>
        </li>
      ))}
    </ol>
  );
}
