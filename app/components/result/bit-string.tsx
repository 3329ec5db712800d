import type { PublicWish } from "~/domain/public-wish";
import { visuallyHidden } from "~/styles/layout.css";
import * as styles from "./result.css";
import { useI18n } from "~/i18n/i18n";
import { ANONYMOUS_NAME } from "~/domain/messages";

/**
 * The chosen bit string, one bit per wish: character i is qubit i, which carried wish i, from the reading start (the
 * right in a right-to-left language, as the constellation). Each bit in its colour, the stars' colours. The bit is
 * drawn first but read last.
 */
export function BitString({ bitstring, wishes }: { bitstring: string; wishes: PublicWish[] | null }) {
  const { t } = useI18n();
  return (
    <ol className={styles.bits} aria-label={t("Chosen bit string {bits}, one bit per wish", { bits: bitstring })}>
      {Array.from(bitstring).map((value, q) => {
        const wish = wishes?.[q];
        return (
          <li key={q} className={styles.bit}>
            <span className={styles.bitLabel}>{t("Wish {number}", { number: q + 1 })}</span>
            {wish ? <bdi className={styles.bitName}>{wish.name === ANONYMOUS_NAME ? t(ANONYMOUS_NAME) : wish.name}</bdi> : null}
            <span className={value === "1" ? styles.bitValue : `${styles.bitValue} ${styles.bitValueZero}`} data-bit={value}>
              <span className={visuallyHidden}>: </span>
              {value}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
