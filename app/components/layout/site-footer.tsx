import { Link } from "@remix-run/react";
import { FOOTER_GROUPS } from "~/components/nav/links";
import { NewsletterForm } from "~/components/nav/newsletter-form";
import { SocialLinks } from "~/components/nav/social-links";
import { IBM_QUANTUM_URL, TAGLINE } from "~/domain/site";
import { container, visuallyHidden } from "~/styles/layout.css";
import * as styles from "./site-footer.css";

export function SiteFooter({ siteName }: { siteName: string }) {
  return (
    <footer className={styles.footer}>
      <div className={`${container} ${styles.grid}`}>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-labelledby={`footer-${group.title.toLowerCase()}`} className={styles.group}>
            <h2 id={`footer-${group.title.toLowerCase()}`} className={styles.groupTitle}>
              {group.title}
            </h2>
            <ul className={styles.list}>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={styles.link} prefetch="intent">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <NewsletterForm />
      </div>
      <div className={`${container} ${styles.actions}`}>
        <Link to="/contact" className={styles.button}>
          Contact Us
        </Link>
        <Link to="/research" className={styles.chip}>
          Research
        </Link>
        <Link to="/gift" className={styles.chip}>
          Support the Bell
        </Link>
        <a href={IBM_QUANTUM_URL} target="_blank" rel="noopener noreferrer" className={`${styles.chip} ${styles.quantumChip}`}>
          <span aria-hidden="true" className={styles.atom}>
            ⚛
          </span>
          Powered by IBM Quantum<span className={visuallyHidden}> (opens in a new tab)</span>
        </a>
        <SocialLinks className={styles.social} />
      </div>
      <div className={container}>
        <p className={styles.tagline}>
          {siteName}: {TAGLINE.toLowerCase()}. © {new Date().getFullYear()}
        </p>
      </div>
    </footer>
  );
}
