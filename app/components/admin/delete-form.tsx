import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import * as styles from "./admin.css";

/**
 * A deletion the operator confirms in the same form: the box must be ticked (the browser and the server both check),
 * so one stray click deletes nothing.
 */
export function DeleteForm({ intent, fields, label, children }: { intent: string; fields: Record<string, string>; label: string; children?: ReactNode }) {
  return (
    <Form method="post" className={styles.form}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <label className={styles.confirmLabel}>
        <input type="checkbox" name="confirm" value="yes" required /> Delete for good
      </label>
      <button type="submit" className={styles.quietButton} aria-label={label}>
        Delete
      </button>
    </Form>
  );
}
