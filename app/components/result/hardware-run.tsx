import type { HardwareRun } from "~/domain/ring-view";
import { nativeProgramSentence, qubitAssignments, summariseNativeProgram } from "./native-program";
import * as styles from "./result.css";

/**
 * What really ran on IBM's chip beside the logical drawing: which physical qubit carried which wish, and the
 * submitted OpenQASM 3 program in native gates. The program scrolls inside its own box, never the page.
 */
export function HardwareRunDetails({ run, ran }: { run: HardwareRun; ran: boolean }) {
  const backend = run.backend ?? "IBM Quantum hardware";
  if (run.physicalQubits.length === 0 && !run.qasm) return null;
  return (
    <div className={styles.nativeRun}>
      <h3 id="ring-native" className={styles.subTitle}>
        {ran ? `What ran on ${backend}` : `What was sent to ${backend}`}
      </h3>
      {run.physicalQubits.length > 0 ? (
        <>
          <p className={styles.muted}>{ran ? "Each wish was carried by one physical qubit of the chip:" : "Each wish is given one physical qubit of the chip:"}</p>
          <ul className={styles.assignments}>
            {qubitAssignments(run.physicalQubits).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      {run.qasm ? (
        <>
          <p className={styles.muted}>{nativeProgramSentence(summariseNativeProgram(run.qasm), ran)}</p>
          <details className={styles.programDetails}>
            <summary className={styles.programSummary}>{`The program ${ran ? "that ran" : "sent"} (OpenQASM 3, native gates)`}</summary>
            <pre className={styles.program} tabIndex={0} aria-label={`OpenQASM 3 program ${ran ? "run on" : "sent to"} ${backend}`}>
              <code>{run.qasm.trimEnd()}</code>
            </pre>
          </details>
        </>
      ) : null}
    </div>
  );
}
