import type { ReactNode } from "react";
import { container } from "~/styles/layout.css";
import * as styles from "./content.css";

interface ContentArticleProps {
  title: string;
  description?: string;
  eyebrow?: string;
  /** HTML rendered on the server from the site's own Markdown (escaped and link-checked there). */
  html?: string;
  children?: ReactNode;
  before?: ReactNode;
}

export function ContentArticle({ title, description, eyebrow, html, children, before }: ContentArticleProps) {
  return (
    <div className={container}>
      <article className={styles.article}>
        <header>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h1 className={styles.title}>{title}</h1>
          {description ? <p className={styles.lead}>{description}</p> : null}
        </header>
        {before}
        {html ? <div className={styles.prose} dangerouslySetInnerHTML={{ __html: html }} /> : null}
        {children}
      </article>
    </div>
  );
}
