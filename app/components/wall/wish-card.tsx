import { writerName, YOUR_WISH_ON_WALL } from "~/domain/messages";
import { usePlace } from "~/i18n/place";
import type { PublicWish } from "~/domain/public-wish";
import { LAST_WISH_ID_STORAGE_KEY } from "~/hooks/storage";
import { useStoredString } from "~/hooks/use-stored-string";
import { visuallyHidden } from "~/styles/layout.css";
import { ResonateButton } from "./resonate-button";
import { ShareMenu } from "./share-menu";
import { WishTime } from "./wish-time";
import * as styles from "./wish-wall.css";
import { useI18n } from "~/i18n/i18n";
import { THEME_LABELS } from "~/domain/theme";

export function WishCard({ wish, origin, returnTo }: { wish: PublicWish; origin: string; returnTo: string }) {
  const { t } = useI18n();
  const place = usePlace()(wish);
  // The visitor's own latest wish (its id is kept on this device) stands out, so they can follow it on the Wall.
  const yours = useStoredString(LAST_WISH_ID_STORAGE_KEY) === wish.id;
  return (
    <article id={`wish-${wish.id}`} className={styles.card} data-yours={yours || undefined}>
      <div className={styles.cardTop}>
        <span className={`${styles.chip} ${styles.themeChip[wish.theme]}`}>
          <span className={visuallyHidden}>{t("Theme:")} </span>
          {t(THEME_LABELS[wish.theme] ?? wish.theme)}
        </span>
        {yours ? <span className={`${styles.chip} ${styles.yoursChip}`}>{t(YOUR_WISH_ON_WALL)}</span> : null}
        <WishTime timestamp={wish.timestamp} className={styles.time} />
      </div>
      <p className={styles.wishText} dir="auto">
        {wish.wish}
      </p>
      <p className={styles.author}>
        <bdi className={styles.name}>{writerName(t, wish.name)}</bdi>
        <span aria-hidden="true"> · </span>
        <span className={visuallyHidden}>{t(", from")} </span>
        <bdi suppressHydrationWarning>{place}</bdi>
      </p>
      <div className={styles.actions}>
        <ResonateButton wish={wish} returnTo={returnTo} />
        <ShareMenu wish={wish} origin={origin} />
      </div>
    </article>
  );
}
