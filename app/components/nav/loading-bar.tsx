import { useNavigation } from "@remix-run/react";
import * as styles from "./nav.css";
import { visuallyHidden } from "~/styles/layout.css";
import { useI18n } from "~/i18n/i18n";

/** Shown while the next page (its code and data) loads; the bar is decoration, the status text is for screen readers. */
export function LoadingBar() {
  const { t } = useI18n();
  const loading = useNavigation().state === "loading";
  return (
    <>
      <div className={styles.loadingBar} data-active={loading} aria-hidden="true" />
      <p role="status" className={visuallyHidden}>
        {loading ? t("Loading page…") : ""}
      </p>
    </>
  );
}
