import type { PublicWish } from "~/domain/public-wish";
import { visuallyHidden } from "~/styles/layout.css";
import { wishLabel } from "./circuit-layout";
import * as styles from "./result.css";

/** The chosen bit string, one bit per wish: character i is qubit i, which carried wish i. The bit is drawn first but read last. */
export function BitString({ bitstring, wishes }: { bitstring: string; wishes: PublicWish[] | null }) {
  return (
    <ol className={styles.bits} aria-label={`Chosen bit string ${bitstring}, one bit per wish`}>
      {Array.from(bitstring).map((value, q) => {
        const wish = wishes?.[q];
        return (
          <li key={q} className={styles.bit}>
            <span className={styles.bitLabel}>{wishLabel(q)}</span>
            {wish ? <span className={styles.bitName}>{wish.name}</span> : null}
            <span className={styles.bitValue}>
              <span className={visuallyHidden}>: </span>
              {value}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
