import { Link } from "@remix-run/react";
import * as styles from "./content.css";
import { useI18n } from "~/i18n/i18n";
import { useFormats } from "~/i18n/format";
import { LOCALE_INFO, type Locale } from "~/domain/locale";

export interface ListEntry {
  slug: string;
  title: string;
  description: string;
  date?: string;
  author?: string;
  order?: number;
  lang?: Locale;
}

/** A list of content cards (axioms, papers, posts), each a link to its page. */
export function EntryList({ entries, basePath, label }: { entries: ListEntry[]; basePath: string; label: string }) {
  const { t, path, locale } = useI18n();
  const formats = useFormats();
  return (
    <ul className={styles.cards} aria-label={t(label)}>
      {entries.map((entry) => (
        <li key={entry.slug}>
          <Link
            to={path(`${basePath}/${entry.slug}`)}
            className={styles.card}
            prefetch="intent"
            lang={entry.lang && entry.lang !== locale ? LOCALE_INFO[entry.lang].tag : undefined}
          >
            {entry.date ? (
              <p className={styles.meta}>
                <time dateTime={entry.date} suppressHydrationWarning>
                  {formats.date(entry.date)}
                </time>
                {entry.author ? ` · ${entry.author}` : ""}
              </p>
            ) : null}
            <h2 className={styles.cardTitle}>
              {entry.order ? `${entry.order}. ` : ""}
              {entry.title}
            </h2>
            <p className={styles.cardText}>{entry.description}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
