import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { MAIN_NAV } from "./links";
import * as styles from "./nav.css";
import { SocialLinks } from "./social-links";
import { DrawerLanguages } from "./language-switcher";
import { useI18n } from "~/i18n/i18n";

/** One drawer per page, so a fixed id: without JavaScript the menu link opens the drawer as the URL's `:target`. */
const DRAWER_ID = "main-menu";

const MenuIcon = ({ open }: { open: boolean }) => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
  </svg>
);

/**
 * The main links as a disclosure for widths up to the drawer breakpoint: the button says whether the drawer is
 * open, Escape closes it and gives focus back to the button, and following a link closes it. Before hydration (or
 * without JavaScript) the button is a link to the drawer, which CSS shows while it is the URL's target.
 */
export function DrawerMenu() {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const [shownFor, setShownFor] = useState(pathname);

  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  if (!hydrated) {
    return (
      <>
        <a href={`#${DRAWER_ID}`} className={styles.menuButton}>
          <MenuIcon open={false} />
          <span className={styles.menuLabel}>{t("Menu")}</span>
        </a>
        <div id={DRAWER_ID} className={`${styles.drawer} ${styles.drawerWithoutScript}`}>
          <DrawerLinks />
          <a href="#" className={styles.drawerClose}>
            {t("Close menu")}
          </a>
        </div>
      </>
    );
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={DRAWER_ID}
        onClick={() => setOpen((value) => !value)}
      >
        <MenuIcon open={open} />
        <span className={styles.menuLabel}>{t("Menu")}</span>
      </button>
      <div id={DRAWER_ID} className={styles.drawer} hidden={!open}>
        <DrawerLinks onFollow={() => setOpen(false)} />
      </div>
    </>
  );
}

function DrawerLinks({ onFollow }: { onFollow?: () => void }) {
  const { t, path } = useI18n();
  return (
    <>
      <nav aria-label={t("Main menu")}>
        <ul className={styles.drawerList}>
          {MAIN_NAV.map((link) => (
            <li key={link.to}>
              <NavLink to={path(link.to)} className={styles.drawerLink} prefetch="intent" onClick={onFollow}>
                {t(link.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <DrawerLanguages />
      <SocialLinks />
    </>
  );
}
