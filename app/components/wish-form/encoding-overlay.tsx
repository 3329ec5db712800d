import type { Ref } from "react";
import type { ENCODING_STAGES } from "~/domain/limits";
import * as styles from "./wish-form.css";
import { msg } from "~/domain/messages";
import { useI18n } from "~/i18n/i18n";

export type EncodingStage = keyof typeof ENCODING_STAGES;

export const ENCODING_STEPS: readonly { stage: EncodingStage; label: string }[] = [
  { stage: "encoding", label: msg("Encoding your wish into qubits…") },
  { stage: "processing", label: msg("Processing its quantum state…") },
  { stage: "traveling", label: msg("Sending your wish to the bell…") },
];

/**
 * The quantum-encoding overlay (docs/product.md#submitting-a-wish): the ritual's full-screen moment (docs/product.md#your-ring). Its live region is always in
 * the page so each stage is announced; focus moves to it while it shows, and the form beneath is inert.
 */
export function EncodingOverlay({ stage, panelRef }: { stage: EncodingStage | null; panelRef: Ref<HTMLDivElement> }) {
  const { t } = useI18n();
  const index = ENCODING_STEPS.findIndex((step) => step.stage === stage);
  return (
    <div
      ref={panelRef}
      role="status"
      aria-live="polite"
      tabIndex={-1}
      className={stage ? styles.overlay : styles.overlayIdle}
      data-testid={stage ? "encoding-moment" : undefined}
    >
      {stage ? (
        <div className={styles.overlayPanel}>
          <span aria-hidden="true" className={styles.orb} />
          <p className={styles.stageLabel}>{t(ENCODING_STEPS[index].label)}</p>
          <p className={styles.stageCount}>
            {t("Step {step} of {steps}", { step: index + 1, steps: ENCODING_STEPS.length })}
          </p>
          <ol aria-hidden="true" className={styles.stageDots}>
            {ENCODING_STEPS.map((step, position) => (
              <li key={step.stage} className={position <= index ? styles.stageDotDone : styles.stageDot} />
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
