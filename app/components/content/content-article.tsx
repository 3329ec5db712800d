import type { ReactNode } from "react";
import { container } from "~/styles/layout.css";
import * as styles from "./content.css";
import { useI18n } from "~/i18n/i18n";
import { BidiText } from "~/components/text/bidi-text";
import { LOCALE_INFO, type Locale } from "~/domain/locale";

interface ContentArticleProps {
  title: string;
  description?: string;
  eyebrow?: string;
  /** HTML rendered on the server from the site's own Markdown (escaped and link-checked there). */
  html?: string;
  children?: ReactNode;
  before?: ReactNode;
  /** The language the text is written in, when it may differ from the page's (a page not translated yet). */
  lang?: Locale;
}

export function ContentArticle({ title, description, eyebrow, html, children, before, lang }: ContentArticleProps) {
  const { t, locale } = useI18n();
  const untranslated = lang !== undefined && lang !== locale;
  return (
    <div className={container}>
      {untranslated ? (
        <p className={styles.languageNote} role="note">
          {t("This page is available in English only for now.")}
        </p>
      ) : null}
      {/* Screen readers read an English text with English voices when the page around it is in another language. */}
      <article className={styles.article} lang={untranslated ? LOCALE_INFO[lang].tag : undefined}>
        <header>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h1 className={styles.title}>
            <BidiText text={title} />
          </h1>
          {description ? (
            <p className={styles.lead}>
              <BidiText text={description} />
            </p>
          ) : null}
        </header>
        {before}
        {html ? <div className={styles.prose} dangerouslySetInnerHTML={{ __html: html }} /> : null}
        {children}
      </article>
    </div>
  );
}
