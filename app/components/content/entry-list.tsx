import { Link } from "@remix-run/react";
import * as styles from "./content.css";

export interface ListEntry {
  slug: string;
  title: string;
  description: string;
  date?: string;
  author?: string;
  order?: number;
}

const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export function formatDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}

/** A list of content cards (axioms, papers, posts), each a link to its page. */
export function EntryList({ entries, basePath, label }: { entries: ListEntry[]; basePath: string; label: string }) {
  return (
    <ul className={styles.cards} aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.slug}>
          <Link to={`${basePath}/${entry.slug}`} className={styles.card} prefetch="intent">
            {entry.date ? (
              <p className={styles.meta}>
                <time dateTime={entry.date}>{formatDate(entry.date)}</time>
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
