import { BellIcon } from "./bell-icon";
import * as styles from "./bell-ringer.css";
import { RESONANCE_NOTE, type RingProgress, type RingStep } from "./ring-flow";
import { msg } from "~/domain/messages";
import { useI18n } from "~/i18n/i18n";

const STEP_NAMES: Record<RingStep, string> = {
  ringing: msg("Ringing"),
  processing: msg("Processing"),
  redirecting: msg("Redirecting"),
};

/**
 * The ring's moment: the whole screen, opaque, the bell swinging (still with reduced motion) above the step, its
 * message and the progress (docs/product.md#your-ring; the steps and clock of docs/product.md#ringing are unchanged). The live region is always in the
 * page, so screen readers hear each step as it is filled in; it never takes focus.
 */
export function RingProgressOverlay({ progress }: { progress: RingProgress | null }) {
  const { t } = useI18n();
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {progress ? (
        <div className={styles.overlay} data-testid="ring-moment">
          <div className={styles.overlayPanel}>
            <BellIcon className={`${styles.bell} ${styles.bellSwinging}`} />
            <div className={styles.panel}>
            <p className={styles.panelStep}>{t(STEP_NAMES[progress.step])}</p>
            <p className={styles.panelMessage}>{t(progress.message, progress.values)}</p>
            <progress
              className={styles.progress}
              max={100}
              value={progress.percent ?? undefined}
              aria-label={t("Ring progress")}
            />
            <p className={styles.panelNote}>{t(RESONANCE_NOTE)}</p>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
