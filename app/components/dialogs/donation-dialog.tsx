import { useId, useState } from "react";
import { DONATION_LINKS, type DonationLink } from "~/domain/site";
import { Modal } from "./modal";
import * as styles from "./dialogs.css";
import { visuallyHidden } from "~/styles/layout.css";
import { useI18n } from "~/i18n/i18n";
import { useStory } from "~/hooks/use-story";

const MAX_AMOUNT = 10_000;

function linkFor(link: DonationLink, amount: number | undefined): string {
  return amount && link.withAmount ? link.withAmount(amount) : link.href;
}

export default function DonationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const { sentence } = useStory();
  const [raw, setRaw] = useState("");
  const amountId = useId();
  const parsed = Number(raw);
  const amount = raw && Number.isFinite(parsed) && parsed > 0 && parsed <= MAX_AMOUNT ? Math.round(parsed * 100) / 100 : undefined;
  return (
    <Modal title={t("Support the Bell")} onClose={onClose} wide>
      <p className={styles.text}>{sentence("donate")}</p>
      <div className={styles.field}>
        <label htmlFor={amountId} className={styles.label}>
          {t("Your Donation (optional, in US dollars)")}
        </label>
        <input
          id={amountId}
          className={styles.input}
          type="number"
          inputMode="decimal"
          min="1"
          max={MAX_AMOUNT}
          step="1"
          value={raw}
          onChange={(event) => setRaw(event.target.value)}
          placeholder="10"
        />
        <p className={styles.small}>{t("Suggested amounts are passed on where the provider accepts them; you can change it there.")}</p>
      </div>
      <ul className={styles.tiles}>
        {DONATION_LINKS.map((link) => (
          <li key={link.id}>
            <a className={styles.tile} href={linkFor(link, amount)} target="_blank" rel="noopener noreferrer">
              <span className={styles.tileTitle}>{link.label}</span>
              <span className={styles.small}>{t(link.description)}</span>
              <span className={visuallyHidden}> {t("(opens in a new tab)")}</span>
            </a>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
