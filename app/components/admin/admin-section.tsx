import type { ReactNode } from "react";
import * as styles from "./admin.css";

/** One panel of an admin page: a section named by its own heading (`<id>-title`). */
export function AdminSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  const titleId = `${id}-title`;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
