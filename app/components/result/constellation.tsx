import { constellationLayout } from "~/domain/constellation";
import * as styles from "./result.css";

/**
 * The ring as a constellation: one star per wish, its entanglement as the lines between neighbours (the circuit's
 * CX chain), each star gold for a measured 1 and pale blue for a 0, dim while the qubits are still being asked.
 * Decorative: the bits and their readings are written out in "The answer".
 */
export function Constellation({ qubits, bitstring, yourQubit = null }: { qubits: number; bitstring: string | null; yourQubit?: number | null }) {
  const layout = constellationLayout(qubits);
  return (
    <svg className={styles.constellation} viewBox={`0 0 ${layout.width} ${layout.height}`} aria-hidden="true" focusable="false">
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
        // The star of the visitor's own wish is lit whatever its bit, with a gold halo around it.
        return q === yourQubit ? (
          <g key={q} data-yours="true">
            <circle className={styles.starHalo} cx={star.x} cy={star.y} r={14} />
            <circle className={styles.starYours} cx={star.x} cy={star.y} r={9} />
          </g>
        ) : (
          <circle key={q} className={tone} cx={star.x} cy={star.y} r={bit === "1" ? 8 : 6} />
        );
      })}
    </svg>
  );
}
