import type { PublicWish } from "~/domain/public-wish";
import { wishLocation } from "./result-copy";
import * as styles from "./result.css";

/** The wishes of the ring, numbered as their qubits are. */
export function RingWishes({ wishes, numbered }: { wishes: PublicWish[]; numbered: boolean }) {
  return (
    <ol className={styles.wishList}>
      {wishes.map((wish, index) => (
        <li key={wish.id}>
          <article className={styles.wishCard} aria-label={numbered ? `Wish ${index + 1}` : `Wish from ${wish.name}`}>
            <div className={styles.wishHeader}>
              {numbered ? <span className={styles.wishNumber}>Wish {index + 1}</span> : null}
              <span className={styles.themeChip[wish.theme] ?? styles.themeChip.General}>{wish.theme}</span>
            </div>
            <p className={styles.wishText} dir="auto">
              {wish.wish}
            </p>
            <p className={styles.wishMeta}>
              <bdi>{wish.name}</bdi> · <bdi>{wishLocation(wish)}</bdi>
            </p>
          </article>
        </li>
      ))}
    </ol>
  );
}
