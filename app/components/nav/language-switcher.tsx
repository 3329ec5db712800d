import { useLocation } from "@remix-run/react";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, LOCALE_INFO, LOCALES, localizePath, type Locale } from "~/domain/locale";
import { useI18n } from "~/i18n/i18n";
import * as styles from "./language-switcher.css";

/** Keeps the visitor's choice for their next visit; the server reads it before anything else (ADR 0027). */
function rememberChoice(locale: Locale) {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`;
}

const GlobeIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8">
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
  </svg>
);

function LanguageLinks({ className }: { className: string }) {
  const { locale: current } = useI18n();
  const { pathname, search, hash } = useLocation();
  return (
    <ul className={className}>
      {LOCALES.map((locale) => (
        <li key={locale}>
          {/* A full page load: the new language's catalogue and <html lang dir> come with the page. */}
          <a
            href={`${localizePath(pathname, locale)}${search}${hash}`}
            hrefLang={LOCALE_INFO[locale].tag}
            lang={LOCALE_INFO[locale].tag}
            aria-current={locale === current ? "true" : undefined}
            className={styles.option}
            onClick={() => rememberChoice(locale)}
          >
            {LOCALE_INFO[locale].name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The header's switcher: a disclosure that works before hydration and without JavaScript. */
export function LanguageSwitcher() {
  const { locale, t } = useI18n();
  return (
    <details className={styles.switcher}>
      <summary className={styles.summary}>
        <GlobeIcon />
        <span className={styles.current}>{LOCALE_INFO[locale].name}</span>
        <span className={styles.hidden}>{t("Change language")}</span>
      </summary>
      <LanguageLinks className={styles.menu} />
    </details>
  );
}

/** The drawer's list: every language in view at once. */
export function DrawerLanguages() {
  const { t } = useI18n();
  return (
    <nav aria-label={t("Language")} className={styles.drawerLanguages}>
      <LanguageLinks className={styles.drawerList} />
    </nav>
  );
}
