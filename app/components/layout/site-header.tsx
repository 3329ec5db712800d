import { Link } from "@remix-run/react";
import { container } from "~/styles/layout.css";
import * as styles from "./site-header.css";

export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className={styles.header}>
      <div className={`${container} ${styles.bar}`}>
        <Link to="/" className={styles.brand} aria-label={`${siteName}, home`}>
          <span aria-hidden="true" className={styles.mark}>
            🔔
          </span>
          {siteName}
        </Link>
      </div>
    </header>
  );
}
