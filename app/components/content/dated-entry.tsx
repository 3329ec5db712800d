import { Link } from "@remix-run/react";
import { ContentArticle } from "./content-article";
import * as styles from "./content.css";
import { useI18n } from "~/i18n/i18n";
import type { Locale } from "~/domain/locale";
import { useFormats } from "~/i18n/format";


export interface DatedEntry {
  title: string;
  description: string;
  html: string;
  date?: string;
  author?: string;
  lang?: Locale;
}

/** A dated article (a blog post or a research paper): its date and author, its body, and a way back to its list. */
export function DatedEntryArticle({ entry, eyebrow, backTo, backLabel }: { entry: DatedEntry; eyebrow: string; backTo: string; backLabel: string }) {
  const { t, path } = useI18n();
  const formats = useFormats();
  return (
    <ContentArticle
      title={entry.title}
      description={entry.description}
      html={entry.html}
      eyebrow={t(eyebrow)}
      lang={entry.lang}
      before={
        entry.date ? (
          <p className={styles.meta}>
            <time dateTime={entry.date} suppressHydrationWarning>
              {formats.date(entry.date)}
            </time>
            {entry.author ? ` · ${entry.author}` : ""}
          </p>
        ) : null
      }
    >
      <p className={styles.actions}>
        <Link to={path(backTo)} className={styles.secondaryButton}>
          ← {t(backLabel)}
        </Link>
      </p>
    </ContentArticle>
  );
}
