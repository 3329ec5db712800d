import { useId, useState } from "react";
import { donationDescription, donationHref } from "~/domain/donations";
import { useDonations } from "~/hooks/use-donations";
import { Modal } from "./modal";
import * as styles from "./dialogs.css";
import { visuallyHidden } from "~/styles/layout.css";
import { useI18n } from "~/i18n/i18n";
import { useStory } from "~/hooks/use-story";

const MAX_AMOUNT = 10_000;

export default function DonationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const { sentence } = useStory();
  const links = useDonations();
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
      {links.length === 0 ? <p className={styles.text}>{t("No donation page is set up on this site yet.")}</p> : null}
      <ul className={styles.tiles}>
        {links.map((link) => (
          <li key={link.id}>
            <a className={styles.tile} href={donationHref(link, amount)} target="_blank" rel="noopener noreferrer">
              <span className={styles.tileTitle}>{link.label}</span>
              <span className={styles.small}>{t(donationDescription(link.id))}</span>
              <span className={visuallyHidden}> {t("(opens in a new tab)")}</span>
            </a>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
