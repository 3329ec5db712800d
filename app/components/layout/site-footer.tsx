import { Link } from "@remix-run/react";
import { FOOTER_GROUPS } from "~/components/nav/links";
import { NewsletterForm } from "~/components/nav/newsletter-form";
import { SocialLinks } from "~/components/nav/social-links";
import { IBM_QUANTUM_URL } from "~/domain/site";
import { container, visuallyHidden } from "~/styles/layout.css";
import * as styles from "./site-footer.css";
import { useI18n } from "~/i18n/i18n";
import { useBidiT } from "~/components/text/bidi-text";
import { useStory } from "~/hooks/use-story";

export function SiteFooter({ siteName }: { siteName: string }) {
  const { t, path } = useI18n();
  const bt = useBidiT();
  const { story, sentence } = useStory();
  return (
    <footer className={styles.footer}>
      <div className={`${container} ${styles.grid}`}>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-labelledby={`footer-${group.title.toLowerCase()}`} className={styles.group}>
            <h2 id={`footer-${group.title.toLowerCase()}`} className={styles.groupTitle}>
              {t(group.title)}
            </h2>
            <ul className={styles.list}>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={path(link.to)} className={styles.link} prefetch="intent">
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <NewsletterForm />
      </div>
      <div className={`${container} ${styles.actions}`}>
        <Link to={path("/contact")} className={styles.button}>
          {t("Contact Us")}
        </Link>
        <Link to={path("/research")} className={styles.chip}>
          {t("Research")}
        </Link>
        <Link to={path("/gift")} className={styles.chip}>
          {t("Support the Bell")}
        </Link>
        {/* docs/product.md#navigation-and-chrome's "Powered by IBM Quantum" only where rings run there; the simulator's chip says so (ADR 0055). */}
        {story === "ibm" ? (
          <a href={IBM_QUANTUM_URL} target="_blank" rel="noopener noreferrer" className={`${styles.chip} ${styles.quantumChip}`} data-testid="provider-chip">
            <span aria-hidden="true" className={styles.atom}>
              ⚛
            </span>
            {sentence("chip")}
            <span className={visuallyHidden}> {t("(opens in a new tab)")}</span>
          </a>
        ) : (
          <Link to={path("/why")} className={`${styles.chip} ${styles.quantumChip}`} data-testid="provider-chip">
            <span aria-hidden="true" className={styles.atom}>
              ⚛
            </span>
            {sentence("chip")}
          </Link>
        )}
        <SocialLinks className={styles.social} />
      </div>
      <div className={container}>
        <p className={styles.tagline}>
          {bt("{siteName}: a digital wishing well for the quantum age.", { siteName })} <bdi>© {new Date().getFullYear()}</bdi>
        </p>
      </div>
    </footer>
  );
}
