import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { MAIN_NAV } from "./links";
import * as styles from "./nav.css";
import { SocialLinks } from "./social-links";

/**
 * The main links as a disclosure for widths up to the drawer breakpoint: the button says whether the drawer is
 * open, Escape closes it and gives focus back to the button, and following a link closes it.
 */
export function DrawerMenu() {
  const [open, setOpen] = useState(false);
  const drawerId = useId();
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

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={drawerId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
        Menu
      </button>
      <div id={drawerId} className={styles.drawer} hidden={!open}>
        <nav aria-label="Main menu">
          <ul className={styles.drawerList}>
            {MAIN_NAV.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={styles.drawerLink} prefetch="intent" onClick={() => setOpen(false)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SocialLinks />
      </div>
    </>
  );
}
