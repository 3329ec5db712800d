import { CHARITY } from "~/domain/limits";
import { Modal } from "./modal";
import * as styles from "./dialogs.css";
import { visuallyHidden } from "~/styles/layout.css";

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });

export default function CharityDialog({ onClose }: { onClose: () => void }) {
  const percent = Math.round((CHARITY.monthRaisedGbp / CHARITY.monthGoalGbp) * 1000) / 10;
  return (
    <Modal title="Support Mental Health" onClose={onClose}>
      <p className={styles.text}>
        At least {CHARITY.minimumPledgePercent}% of what the bell receives, after its running costs, goes to a mental-health
        charity. Every wish that is supported also supports someone who is struggling.
      </p>
      <div className={styles.progressBlock}>
        <p className={styles.progressLabel} id="charity-progress-label">
          Monthly donations: {pounds.format(CHARITY.monthRaisedGbp)} of {pounds.format(CHARITY.monthGoalGbp)}
        </p>
        <progress
          className={styles.progress}
          max={CHARITY.monthGoalGbp}
          value={CHARITY.monthRaisedGbp}
          aria-labelledby="charity-progress-label"
        />
        <p className={styles.small}>{percent}% of this month&apos;s goal</p>
      </div>
      <div className={styles.actions}>
        <a className={styles.primary} href="/charity" target="_blank" rel="noopener noreferrer">
          Learn about Giving Back<span className={visuallyHidden}> (opens in a new tab)</span>
        </a>
        <a className={styles.secondary} href="/gift" target="_blank" rel="noopener noreferrer">
          Support a Wish<span className={visuallyHidden}> (opens in a new tab)</span>
        </a>
      </div>
    </Modal>
  );
}
