import type { HardwareRun } from "~/domain/ring-view";
import { nativeProgramSentence, qubitAssignments, summariseNativeProgram } from "./native-program";
import * as styles from "./result.css";
import { useI18n } from "~/i18n/i18n";

/**
 * What really ran on IBM's chip beside the logical drawing: which physical qubit carried which wish, and the
 * submitted OpenQASM 3 program in native gates. The program scrolls inside its own box, never the page.
 */
export function HardwareRunDetails({ run, ran }: { run: HardwareRun; ran: boolean }) {
  const { t } = useI18n();
  const backend = run.backend ?? t("IBM Quantum hardware");
  if (run.physicalQubits.length === 0 && !run.qasm) return null;
  return (
    <div className={styles.nativeRun}>
      <h3 id="ring-native" className={styles.subTitle}>
        {ran ? t("What ran on {backend}", { backend }) : t("What was sent to {backend}", { backend })}
      </h3>
      {run.physicalQubits.length > 0 ? (
        <>
          <p className={styles.muted}>{ran ? t("Each wish was carried by one physical qubit of the chip:") : t("Each wish is given one physical qubit of the chip:")}</p>
          <ul className={styles.assignments}>
            {qubitAssignments(t, run.physicalQubits).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      {run.qasm ? (
        <>
          <p className={styles.muted}>{nativeProgramSentence(t, summariseNativeProgram(run.qasm), ran)}</p>
          <details className={styles.programDetails}>
            <summary className={styles.programSummary}>{ran ? t("The program that ran (OpenQASM 3, native gates)") : t("The program sent (OpenQASM 3, native gates)")}</summary>
            <pre className={styles.program} tabIndex={0} aria-label={ran ? t("OpenQASM 3 program run on {backend}", { backend }) : t("OpenQASM 3 program sent to {backend}", { backend })}>
              <code>{run.qasm.trimEnd()}</code>
            </pre>
          </details>
        </>
      ) : null}
    </div>
  );
}
