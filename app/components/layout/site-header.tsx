import { Link, NavLink } from "@remix-run/react";
import { BellIcon } from "~/components/bell/bell-icon";
import { DrawerMenu } from "~/components/nav/drawer-menu";
import { MAIN_NAV } from "~/components/nav/links";
import { LoadingBar } from "~/components/nav/loading-bar";
import * as nav from "~/components/nav/nav.css";
import { SkipLinks } from "~/components/nav/skip-links";
import { SocialLinks } from "~/components/nav/social-links";
import * as styles from "./site-header.css";

export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <>
      <SkipLinks />
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link to="/" className={styles.brand} aria-label={`${siteName}, home`}>
            <BellIcon className={styles.mark} />
            {siteName}
          </Link>
          <nav aria-label="Main" className={nav.desktopNav}>
            <ul className={nav.navList}>
              {MAIN_NAV.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={nav.navLink} prefetch="intent">
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <SocialLinks className={nav.headerSocial} />
          <DrawerMenu />
        </div>
        <LoadingBar />
      </header>
    </>
  );
}
