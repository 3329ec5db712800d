import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ActionNotice } from "~/components/admin/action-notice";
import { adminMeta } from "~/components/admin/admin-meta";
import * as styles from "~/components/admin/admin.css";
import { AdminTable } from "~/components/admin/admin-table";
import { adminAction, formText, unknownIntent } from "~/server/admin/action.server";
import { requireAdmin } from "~/server/admin/auth.server";
import { deliverOutbox, recentOutbox, senderName } from "~/server/email/outbox.server";
import { RETENTION_DAYS } from "~/domain/retention";
import { shownRecipient } from "~/domain/admin";

export const meta: MetaFunction = () => adminMeta("Outbox");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  const { rows, byStatus } = await recentOutbox(env);
  // A wish's writer's address leaves the server only as its domain (/privacy: it is shown to no one).
  const shown = rows.map(({ recipient: _recipient, ...row }) => ({ ...row, toAddress: shownRecipient(row.kind, row.toAddress) }));
  return { rows: shown, byStatus, sender: senderName(env) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  return adminAction(request, env, async (form) => {
    if (formText(form, "intent") !== "deliver") return unknownIntent();
    const report = await deliverOutbox(env);
    if (!senderName(env)) return "No mail sender is configured, so mail stays held here.";
    return `Sent ${report.sent}; ${report.retrying} will be retried; ${report.failed} gave up.`;
  });
}

const SENDERS = {
  send_email: "Cloudflare Email (send_email binding)",
  http: "HTTP mail API (MAIL_API_URL)",
} as const;
const STATUS_BADGE = {
  sent: styles.badge.good,
  queued: styles.badge.warn,
  held: styles.badge.neutral,
  failed: styles.badge.bad,
  stopped: styles.badge.neutral,
} as const;

const dateTime = (ms: number | null) => (ms === null ? "—" : new Date(ms).toISOString().replace("T", " ").slice(0, 16) + " UTC");

export default function AdminOutbox() {
  const { rows, byStatus, sender } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>Outbox</h1>
      <ActionNotice result={result} />
      <section className={styles.section} aria-labelledby="sender-title">
        <h2 id="sender-title" className={styles.sectionTitle}>
          Delivery
        </h2>
        <p>
          {sender
            ? `Mail leaves through ${SENDERS[sender as keyof typeof SENDERS]}. The cron retries anything waiting every minute.`
            : "No mail sender is configured: every message is held here so you can read it. See docs/operations.md to connect one."}
        </p>
        <p className={styles.muted}>
          Sent {byStatus.sent ?? 0} · waiting {byStatus.queued ?? 0} · held {byStatus.held ?? 0} · failed {byStatus.failed ?? 0} · not sent
          (address stopped) {byStatus.stopped ?? 0} · never sent, expired {byStatus.expired ?? 0}
        </p>
        <p className={styles.muted}>
          Every mail, sent or not, is deleted {RETENTION_DAYS.mail} days after it was written; the counts above still include it.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="deliver" />
          <button type="submit" className={styles.button}>
            Deliver waiting mail now
          </button>
        </Form>
      </section>
      <section className={styles.section} aria-labelledby="mail-title">
        <h2 id="mail-title" className={styles.sectionTitle}>
          Latest messages
        </h2>
        <AdminTable
          label="Outgoing mail"
          rows={rows}
          columns={["Written", "Kind", "To", "Message", "Status"]}
          empty={<p>No mail has been written yet.</p>}
          rowKey={(row) => row.id}
        >
          {(row) => (
            <>
              <td>{dateTime(row.createdAt)}</td>
              <td>{row.kind}</td>
              <td>{row.toAddress || "(not kept)"}</td>
              <td className={styles.wishText}>
                {row.toAddress ? (
                  <details>
                    <summary>{row.subject}</summary>
                    <pre className={styles.pre}>{row.body}</pre>
                  </details>
                ) : (
                  // A mail to an inbox that asked for no more mail: counted under its caps, never written (ADR 0104).
                  <span className={styles.muted}>Not written: the address asked for no more mail.</span>
                )}
              </td>
              <td>
                <span className={STATUS_BADGE[row.status]}>{row.status}</span>
                <div className={styles.muted}>
                  {row.attempts} {row.attempts === 1 ? "attempt" : "attempts"}
                  {row.sentAt ? ` · sent ${dateTime(row.sentAt)}` : ""}
                </div>
                {row.error ? <div className={styles.badge.bad}>{row.error}</div> : null}
              </td>
            </>
          )}
        </AdminTable>
      </section>
    </>
  );
}
