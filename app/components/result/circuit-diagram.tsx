import { useId } from "react";
import type { DiagramGate } from "~/domain/ring-view";
import { CIRCUIT_GEOMETRY as G, circuitDescription, circuitLayout } from "./circuit-layout";
import * as styles from "./result.css";
import { useI18n } from "~/i18n/i18n";
import { useFormats } from "~/i18n/format";

/** The ring's circuit as a drawing: one wire per wish, RY rotations, the CX chain, then a meter on every wire. */
export function CircuitDiagram({ circuit }: { circuit: { qubits: number; gates: DiagramGate[] } }) {
  const { t } = useI18n();
  const { list } = useFormats();
  const id = useId();
  const layout = circuitLayout(t, circuit);
  return (
    <svg
      className={styles.circuitSvg}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={layout.width}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
    >
      <title id={`${id}-title`}>{t("Quantum circuit of this ring")}</title>
      <desc id={`${id}-desc`}>{circuitDescription(t, list, circuit)}</desc>
      {layout.wires.map((wire) => (
        <g key={wire.q}>
          <text className={styles.wireLabel} x={G.padding} y={wire.y} dominantBaseline="central" direction="ltr">
            {wire.label}
          </text>
          <line className={styles.wire} x1={layout.wireStart} x2={layout.wireEnd} y1={wire.y} y2={wire.y} />
        </g>
      ))}
      {layout.gates.map((gate, index) => {
        if (gate.op === "ry") {
          return (
            <g key={index}>
              <rect
                className={styles.gateBox}
                x={gate.x - G.gateWidth / 2}
                y={gate.y - G.gateHeight / 2}
                width={G.gateWidth}
                height={G.gateHeight}
                rx={6}
              />
              <text className={styles.gateText} x={gate.x} y={gate.y} textAnchor="middle" dominantBaseline="central" direction="ltr">
                {gate.label}
              </text>
            </g>
          );
        }
        if (gate.op === "cx") {
          const below = gate.yTarget > gate.yControl ? 1 : -1;
          return (
            <g key={index}>
              <line className={styles.cxLine} x1={gate.x} x2={gate.x} y1={gate.yControl} y2={gate.yTarget + below * G.targetRadius} />
              <circle className={styles.cxControl} cx={gate.x} cy={gate.yControl} r={G.controlRadius} />
              <circle className={styles.cxTarget} cx={gate.x} cy={gate.yTarget} r={G.targetRadius} />
              <line className={styles.cxLine} x1={gate.x - G.targetRadius} x2={gate.x + G.targetRadius} y1={gate.yTarget} y2={gate.yTarget} />
              <line className={styles.cxLine} x1={gate.x} x2={gate.x} y1={gate.yTarget - G.targetRadius} y2={gate.yTarget + G.targetRadius} />
            </g>
          );
        }
        const half = G.meterSize / 2;
        return (
          <g key={index}>
            <rect className={styles.meterBox} x={gate.x - half} y={gate.y - half} width={G.meterSize} height={G.meterSize} rx={4} />
            <path className={styles.meterMark} d={`M ${gate.x - 11} ${gate.y + 7} A 11 11 0 0 1 ${gate.x + 11} ${gate.y + 7}`} />
            <line className={styles.meterMark} x1={gate.x} y1={gate.y + 7} x2={gate.x + 8} y2={gate.y - 9} />
          </g>
        );
      })}
    </svg>
  );
}
