import { constellationLayout } from "~/domain/constellation";
import { useI18n } from "~/i18n/i18n";
import * as styles from "./result.css";

/**
 * The ring as a constellation: one star per wish, its entanglement as the lines between neighbours (the circuit's
 * CX chain), each star in its bit's colour (the bit tiles' colours: gold for a measured 1, pale blue for a 0), dim
 * while the qubits are still being asked. Wish 1 sits at the reading start, as its bit tile does. Decorative: the bits
 * and their readings are written out in "The answer".
 */
export function Constellation({ qubits, bitstring, yourQubit = null }: { qubits: number; bitstring: string | null; yourQubit?: number | null }) {
  const { dir } = useI18n();
  const layout = constellationLayout(qubits, dir);
  return (
    <svg className={styles.constellation} data-testid="constellation" viewBox={`0 0 ${layout.width} ${layout.height}`} aria-hidden="true" focusable="false">
      {layout.links.map(([from, to]) => (
        <line
          key={`${from}-${to}`}
          className={styles.constellationLink}
          x1={layout.stars[from].x}
          y1={layout.stars[from].y}
          x2={layout.stars[to].x}
          y2={layout.stars[to].y}
        />
      ))}
      {layout.stars.map((star, q) => {
        const bit = bitstring?.[q];
        const tone = bit === "1" ? styles.starOne : bit === "0" ? styles.starZero : styles.starUnknown;
        // The star of the visitor's own wish is larger, with a halo, and keeps its bit's colour (ADR 0097).
        return q === yourQubit ? (
          <g key={q} data-yours="true" data-bit={bit}>
            <circle className={`${styles.starHalo} ${tone}`} cx={star.x} cy={star.y} r={14} />
            <circle className={`${tone} ${styles.starYours}`} cx={star.x} cy={star.y} r={9} />
          </g>
        ) : (
          <circle key={q} className={tone} data-bit={bit} cx={star.x} cy={star.y} r={bit === "1" ? 8 : 6} />
        );
      })}
    </svg>
  );
}
