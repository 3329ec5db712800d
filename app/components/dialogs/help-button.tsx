import { useLocation } from "@remix-run/react";
import { openDialog } from "./dialog-names";
import * as styles from "./dialogs.css";
import { useI18n } from "~/i18n/i18n";

/** The floating sparkle that opens "How it works" from any page. */
export function HelpButton() {
  const { t } = useI18n();
  // The moderators' pages are not for visitors; the button would only cover their tables.
  if (useLocation().pathname.startsWith("/admin")) return null;
  return (
    <button type="button" className={styles.helpButton} aria-label={t("How it works")} title={t("How it works")} onClick={() => openDialog("how-it-works")}>
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false" fill="currentColor">
        <path d="M12 2l1.8 5.4L19 9l-5.2 1.6L12 16l-1.8-5.4L5 9l5.2-1.6zM19 14l.9 2.4 2.1.6-2.1.7L19 20l-.9-2.3-2.1-.7 2.1-.6zM5 15l.7 1.8 1.8.7-1.8.6L5 20l-.7-1.9-1.8-.6 1.8-.7z" />
      </svg>
    </button>
  );
}
