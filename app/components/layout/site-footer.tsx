import { container } from "~/styles/layout.css";
import * as styles from "./site-footer.css";

export function SiteFooter({ siteName }: { siteName: string }) {
  return (
    <footer className={styles.footer}>
      <div className={container}>
        <p className={styles.tagline}>
          {siteName}: a digital wishing well for the quantum age. © {new Date().getFullYear()}
        </p>
      </div>
    </footer>
  );
}
