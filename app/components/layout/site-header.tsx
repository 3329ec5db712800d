import { Link, NavLink } from "@remix-run/react";
import { BellIcon } from "~/components/bell/bell-icon";
import { DrawerMenu } from "~/components/nav/drawer-menu";
import { MAIN_NAV } from "~/components/nav/links";
import { LoadingBar } from "~/components/nav/loading-bar";
import * as nav from "~/components/nav/nav.css";
import { SkipLinks } from "~/components/nav/skip-links";
import { SocialLinks } from "~/components/nav/social-links";
import * as styles from "./site-header.css";
import { LanguageSwitcher } from "~/components/nav/language-switcher";
import { useI18n } from "~/i18n/i18n";

export function SiteHeader({ siteName }: { siteName: string }) {
  const { t, path } = useI18n();
  return (
    <>
      <SkipLinks />
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link to={path("/")} className={styles.brand} aria-label={t("{siteName}, home", { siteName })}>
            <BellIcon className={styles.mark} />
            {siteName}
          </Link>
          <nav aria-label={t("Main")} className={nav.desktopNav}>
            <ul className={nav.navList}>
              {MAIN_NAV.map((link) => (
                <li key={link.to}>
                  <NavLink to={path(link.to)} className={nav.navLink} prefetch="intent">
                    {t(link.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <SocialLinks className={nav.headerSocial} />
          <LanguageSwitcher />
          <DrawerMenu />
        </div>
        <LoadingBar />
      </header>
    </>
  );
}
