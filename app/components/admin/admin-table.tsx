import type { Key, ReactNode } from "react";
import { scrollRegionLabel } from "~/domain/messages";
import * as styles from "./admin.css";
import { useI18n } from "~/i18n/i18n";

interface AdminTableProps<Row> {
  rows: readonly Row[];
  /** Column headings, in order. */
  columns: readonly string[];
  /** What shows instead of the table when there are no rows. */
  empty: ReactNode;
  rowKey: (row: Row) => Key;
  /** The cells of one row. */
  children: (row: Row) => ReactNode;
  /** The table's name; the scrolling box a keyboard can reach is named after it, apart from its section's own name. */
  label?: string;
}

/** The admin pages' table: a heading row of column headers, one row per item, or a sentence when there is none. */
export function AdminTable<Row>({ rows, columns, empty, rowKey, children, label = "Table" }: AdminTableProps<Row>) {
  const { t } = useI18n();
  if (rows.length === 0) return <>{empty}</>;
  return (
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={scrollRegionLabel(t, label)}>
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>{children(row)}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
