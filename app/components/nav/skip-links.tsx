import { useLocation } from "@remix-run/react";
import * as styles from "./nav.css";
import { useI18n } from "~/i18n/i18n";

/** First in the page: jump past the header to the content and, on the home page, straight to the form and the bell. */
export function SkipLinks() {
  const { t, path } = useI18n();
  const home = useLocation().pathname === path("/");
  return (
    <nav aria-label={t("Skip links")} className={styles.skipLinks}>
      <a className={styles.skipLink} href="#main">
        {t("Skip to main content")}
      </a>
      {home ? (
        <>
          <a className={styles.skipLink} href="#wish-form">
            {t("Skip to the wish form")}
          </a>
          <a className={styles.skipLink} href="#bell-ringer">
            {t("Skip to the bell ringer")}
          </a>
        </>
      ) : null}
    </nav>
  );
}
