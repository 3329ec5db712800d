import type { PublicWish } from "~/domain/public-wish";
import * as styles from "./result.css";
import { useI18n } from "~/i18n/i18n";
import { THEME_LABELS } from "~/domain/theme";
import { ANONYMOUS_NAME, WISH_WITHDRAWN, YOUR_WISH_ON_WALL } from "~/domain/messages";
import { usePlace } from "~/i18n/place";

/**
 * The wishes of the ring, numbered as their qubits are. The one this device wrote, if any, comes first and says so;
 * it keeps its qubit's number.
 */
export function RingWishes({ wishes, numbered, yourId = null }: { wishes: PublicWish[]; numbered: boolean; yourId?: string | null }) {
  const { t } = useI18n();
  // The server writes "Anonymous" and "A fellow dreamer" in English; the page reads them in its own language.
  const name = (wish: PublicWish) => (wish.name === ANONYMOUS_NAME ? t(ANONYMOUS_NAME) : wish.name);
  const place = usePlace();
  const numberedWishes = wishes.map((wish, index) => ({ wish, index }));
  const ordered = yourId
    ? [...numberedWishes.filter(({ wish }) => wish.id === yourId), ...numberedWishes.filter(({ wish }) => wish.id !== yourId)]
    : numberedWishes;
  return (
    <ol className={styles.wishList}>
      {ordered.map(({ wish, index }) => (
        <li key={wish.id}>
          <article
            className={wish.id === yourId ? `${styles.wishCard} ${styles.yourWishCard}` : styles.wishCard}
            data-yours={wish.id === yourId || undefined}
            aria-label={
              wish.id === yourId
                ? t(YOUR_WISH_ON_WALL)
                : numbered
                  ? t("Wish {number}", { number: index + 1 })
                  : t("Wish from {name}", { name: name(wish) })
            }
          >
            <div className={styles.wishHeader}>
              {numbered ? <span className={styles.wishNumber}>{t("Wish {number}", { number: index + 1 })}</span> : null}
              {wish.id === yourId ? <span className={styles.yoursChip}>{t(YOUR_WISH_ON_WALL)}</span> : null}
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
