import { AUTO_HIDE_NETWORK_PER_HOUR, AUTO_HIDE_SITE_PER_HOUR, HIDE_VELOCITY_ALERT_PER_HOUR, LOGIN_FAILURE_ALERT_PER_HOUR } from "~/domain/admin";
import type { SafetySignals } from "~/domain/admin";
import * as styles from "./admin.css";

/** The dashboard's abuse signals: hide velocity and failed sign-ins (docs/product.md#one-person-one-share). */
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
      {signals.hideCeilingAlert ? (
        <p role="alert" className={styles.notice.error}>
          Reports reached the ceiling on hiding ({AUTO_HIDE_SITE_PER_HOUR} wishes an hour across the site, {AUTO_HIDE_NETWORK_PER_HOUR} per reporting
          network): {signals.heldForReview} reported {signals.heldForReview === 1 ? "wish stays" : "wishes stay"} visible until you review{" "}
          {signals.heldForReview === 1 ? "it" : "them"} in the moderation queue.
        </p>
      ) : null}
      {signals.loginAlert ? (
        <p role="alert" className={styles.notice.error}>
          {signals.failedLoginsLastHour} failed admin sign-ins in the last hour (alert at {LOGIN_FAILURE_ALERT_PER_HOUR}): sign-in is slowed down for
          everyone. Someone may be guessing the password; consider Cloudflare Access.
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
        <div className={styles.stat}>
          <dt>Reported enough to hide, kept for review</dt>
          <dd>{signals.heldForReview.toLocaleString("en")}</dd>
        </div>
        <div className={styles.stat}>
          <dt>Failed sign-ins, last hour</dt>
          <dd>{signals.failedLoginsLastHour.toLocaleString("en")}</dd>
        </div>
      </dl>
    </section>
  );
}
