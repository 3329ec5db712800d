import { HIDE_VELOCITY_ALERT_PER_HOUR } from "~/domain/admin";
import type { SafetySignals } from "~/server/admin/safety-signals.server";
import * as styles from "./admin.css";

/** The dashboard's abuse signals: hide velocity (issue 31). */
export function SafetySignalsSection({ signals }: { signals: SafetySignals }) {
  return (
    <section className={styles.section} aria-labelledby="safety-title">
      <h2 id="safety-title" className={styles.sectionTitle}>
        Abuse signals
      </h2>
      {signals.hideAlert ? (
        <p role="alert" className={styles.notice.error}>
          Reports hid {signals.autoHiddenLastHour} wishes in the last hour (alert at {HIDE_VELOCITY_ALERT_PER_HOUR}). Check the moderation queue
          for a coordinated campaign.
        </p>
      ) : null}
      <dl className={styles.statList}>
        <div className={styles.stat}>
          <dt>Hidden by reports, last hour</dt>
          <dd>{signals.autoHiddenLastHour.toLocaleString("en")}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Hidden by reports, last 24 hours</dt>
          <dd>{signals.autoHiddenLastDay.toLocaleString("en")}</dd>
        </div>
      </dl>
    </section>
  );
}
