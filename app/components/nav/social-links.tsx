import type { ReactNode } from "react";
import { SOCIAL_LINKS } from "~/domain/site";
import * as styles from "./nav.css";
import { useI18n } from "~/i18n/i18n";

const ICONS: Record<string, ReactNode> = {
  x: <path d="M4 4l6.5 8.5L4 20h2l5.4-6.3L16 20h4l-6.8-9L19.5 4h-2l-5 5.8L8 4z" fill="currentColor" stroke="none" />,
  instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r="0.9" fill="currentColor" stroke="none" />
    </>
  ),
  facebook: <path d="M14.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4a21 21 0 0 0-2.4-.1c-2.3 0-3.9 1.4-3.9 4v2.2H8.7v3h2.6V21z" fill="currentColor" stroke="none" />,
  linkedin: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="2.5" />
      <path d="M8 10.5V16M8 7.6v.1M11.5 16v-5.5M11.5 12.8c0-1.4 1-2.3 2.2-2.3s2.1.8 2.1 2.4V16" />
    </>
  ),
  book: <path d="M12 6.5C10 5 7 4.5 3.5 5v13c3.5-.5 6.5 0 8.5 1.5 2-1.5 5-2 8.5-1.5V5C17 4.5 14 5 12 6.5zm0 0v13" />,
};

const iconId = (id: string) => `social-icon-${id}`;

/**
 * The icons' shapes, once per page: the header, the drawer and the footer each list the same links, and drawing the
 * shapes three times cost about 3 KB of every page (ADR 0011). Each list draws them with `<use>`.
 */
export function SocialIconSprite() {
  return (
    <svg style={{ display: "none" }} aria-hidden="true" focusable="false">
      {Object.entries(ICONS).map(([id, shape]) => (
        <symbol key={id} id={iconId(id)} viewBox="0 0 24 24">
          {shape}
        </symbol>
      ))}
    </svg>
  );
}

/** Icon links to the project's profiles; each names its destination and says it opens a new tab. */
export function SocialLinks({ className }: { className?: string }) {
  const { t } = useI18n();
  return (
    <ul className={`${styles.social} ${className ?? ""}`}>
      {SOCIAL_LINKS.map((link) => (
        <li key={link.id}>
          <a
            className={styles.socialLink}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${t(link.label)} ${t("(opens in a new tab)")}`}
            title={t(link.label)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
              <use href={`#${iconId(link.id)}`} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
