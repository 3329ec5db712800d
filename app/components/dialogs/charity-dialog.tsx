import { CHARITY } from "~/domain/limits";
import { Modal } from "./modal";
import * as styles from "./dialogs.css";
import { visuallyHidden } from "~/styles/layout.css";
import { useI18n } from "~/i18n/i18n";
import { useStory } from "~/hooks/use-story";

export default function CharityDialog({ onClose }: { onClose: () => void }) {
  const { t, tag, path } = useI18n();
  const { sentence } = useStory();
  const pounds = new Intl.NumberFormat(tag, { style: "currency", currency: "GBP", maximumFractionDigits: 0 });
  const percent = Math.round((CHARITY.monthRaisedGbp / CHARITY.monthGoalGbp) * 1000) / 10;
  return (
    <Modal title={t("Support Mental Health")} onClose={onClose}>
      <p className={styles.text}>
        {t(
          "At least {percent}% of what the bell receives, after its running costs, goes to a mental-health charity. Every wish that is supported also supports someone who is struggling.",
          { percent: CHARITY.minimumPledgePercent },
        )}{" "}
        {sentence("runningCosts")}
      </p>
      <div className={styles.progressBlock}>
        <p className={styles.progressLabel} id="charity-progress-label">
          {t("Monthly donations: {raised} of {goal}", { raised: pounds.format(CHARITY.monthRaisedGbp), goal: pounds.format(CHARITY.monthGoalGbp) })}
        </p>
        <progress
          className={styles.progress}
          max={CHARITY.monthGoalGbp}
          value={CHARITY.monthRaisedGbp}
          aria-labelledby="charity-progress-label"
        />
        <p className={styles.small}>{t("{percent}% of this month's goal", { percent })}</p>
      </div>
      <div className={styles.actions}>
        <a className={styles.primary} href={path("/charity")} target="_blank" rel="noopener noreferrer">
          {t("Learn about Giving Back")}
          <span className={visuallyHidden}> {t("(opens in a new tab)")}</span>
        </a>
        <a className={styles.secondary} href={path("/gift")} target="_blank" rel="noopener noreferrer">
          {t("Support a Wish")}
          <span className={visuallyHidden}> {t("(opens in a new tab)")}</span>
        </a>
      </div>
    </Modal>
  );
}
