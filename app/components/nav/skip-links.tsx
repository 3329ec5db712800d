import { useLocation } from "@remix-run/react";
import * as styles from "./nav.css";

/** First in the page: jump past the header to the content and, on the home page, straight to the form and the bell. */
export function SkipLinks() {
  const home = useLocation().pathname === "/";
  return (
    <nav aria-label="Skip links" className={styles.skipLinks}>
      <a className={styles.skipLink} href="#main">
        Skip to main content
      </a>
      {home ? (
        <>
          <a className={styles.skipLink} href="#wish-form">
            Skip to the wish form
          </a>
          <a className={styles.skipLink} href="#bell-ringer">
            Skip to the bell ringer
          </a>
        </>
      ) : null}
    </nav>
  );
}
