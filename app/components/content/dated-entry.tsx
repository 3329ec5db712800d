import { Link } from "@remix-run/react";
import { ContentArticle } from "./content-article";
import * as styles from "./content.css";
import { formatDate } from "./entry-list";

export interface DatedEntry {
  title: string;
  description: string;
  html: string;
  date?: string;
  author?: string;
}

/** A dated article (a blog post or a research paper): its date and author, its body, and a way back to its list. */
export function DatedEntryArticle({ entry, eyebrow, backTo, backLabel }: { entry: DatedEntry; eyebrow: string; backTo: string; backLabel: string }) {
  return (
    <ContentArticle
      title={entry.title}
      description={entry.description}
      html={entry.html}
      eyebrow={eyebrow}
      before={
        entry.date ? (
          <p className={styles.meta}>
            <time dateTime={entry.date}>{formatDate(entry.date)}</time>
            {entry.author ? ` · ${entry.author}` : ""}
          </p>
        ) : null
      }
    >
      <p className={styles.actions}>
        <Link to={backTo} className={styles.secondaryButton}>
          ← {backLabel}
        </Link>
      </p>
    </ContentArticle>
  );
}
