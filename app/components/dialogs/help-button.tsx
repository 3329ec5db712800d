import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { openDialog } from "./dialog-names";
import * as styles from "./dialogs.css";
import { useI18n } from "~/i18n/i18n";

const FIELDS = "input, textarea, select, [contenteditable=true]";

/**
 * Whether the sparkle should step aside: while the wish form is on screen or any text field has focus, it would sit
 * over what the visitor is writing (docs/product.md#your-ring). Before hydration it shows, as the server drew it.
 */
function useAway(pathname: string): boolean {
  const [formInView, setFormInView] = useState(false);
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const form = document.getElementById("wish-form");
    if (!form || typeof IntersectionObserver !== "function") return;
    const observer = new IntersectionObserver(([entry]) => setFormInView(Boolean(entry?.isIntersecting)));
    observer.observe(form);
    // Leaving the page with the form: the sparkle comes back.
    return () => {
      observer.disconnect();
      setFormInView(false);
    };
  }, [pathname]);
  useEffect(() => {
    const update = () => setTyping(document.activeElement instanceof Element && document.activeElement.matches(FIELDS));
    // Focus moving from one field to the next passes through the body: read where it landed.
    const settle = () => setTimeout(update, 0);
    document.addEventListener("focusin", update);
    document.addEventListener("focusout", settle);
    return () => {
      document.removeEventListener("focusin", update);
      document.removeEventListener("focusout", settle);
    };
  }, []);
  return formInView || typing;
}

/** The floating sparkle that opens "How it works" from any page, with its name in words beside it on wide screens. */
export function HelpButton() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const away = useAway(pathname);
  // The moderators' pages are not for visitors; the button would only cover their tables.
  if (pathname.startsWith("/admin")) return null;
  return (
    <button
      type="button"
      className={styles.helpButton}
      aria-label={t("How it works")}
      data-away={away || undefined}
      data-testid="help-button"
      onClick={() => openDialog("how-it-works")}
    >
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false" fill="currentColor">
        <path d="M12 2l1.8 5.4L19 9l-5.2 1.6L12 16l-1.8-5.4L5 9l5.2-1.6zM19 14l.9 2.4 2.1.6-2.1.7L19 20l-.9-2.3-2.1-.7 2.1-.6zM5 15l.7 1.8 1.8.7-1.8.6L5 20l-.7-1.9-1.8-.6 1.8-.7z" />
      </svg>
      <span className={styles.helpLabel} aria-hidden="true">
        {t("How it works")}
      </span>
    </button>
  );
}
