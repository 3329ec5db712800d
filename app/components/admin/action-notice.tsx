import * as styles from "./admin.css";

/** The outcome of the last form on the page: a success is announced politely, a refusal at once. */
export function ActionNotice({
  result,
}: {
  result?: { ok: boolean; message: string };
}) {
  return (
    <>
      <div role="status">
        {result?.ok ? (
          <p className={styles.notice.success}>{result.message}</p>
        ) : null}
      </div>
      {result && !result.ok ? (
        <p role="alert" className={styles.notice.error}>
          {result.message}
        </p>
      ) : null}
    </>
  );
}
