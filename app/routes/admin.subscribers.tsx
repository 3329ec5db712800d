import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ActionNotice } from "~/components/admin/action-notice";
import { DeleteForm } from "~/components/admin/delete-form";
import { adminAction, formText, requireConfirmation, unknownIntent } from "~/server/admin/action.server";
import { deleteSubscriber, eraseAddress, reapplyErasures } from "~/server/privacy/erasure.server";
import { adminMeta } from "~/components/admin/admin-meta";
import * as styles from "~/components/admin/admin.css";
import { AdminTable } from "~/components/admin/admin-table";
import { requireAdmin } from "~/server/admin/auth.server";
import { RETENTION_DAYS } from "~/domain/retention";
import { allSubscribers, subscriberStatus } from "~/server/admin/dashboard.server";

export const meta: MetaFunction = () => adminMeta("Subscribers");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  const rows = await allSubscribers(env);
  return {
    subscribers: rows.map((row) => ({
      email: row.email,
      createdAt: row.createdAt,
      status: subscriberStatus(row),
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  return adminAction(request, env, async (form) => {
    const intent = formText(form, "intent");
    const email = formText(form, "email");
    if (intent === "delete") {
      requireConfirmation(form);
      return (await deleteSubscriber(env, email)) > 0 ? "The subscriber is deleted." : "That subscriber was already gone.";
    }
    if (intent === "erase") {
      requireConfirmation(form);
      const counts = await eraseAddress(env, email);
      return `Erased: the address on ${counts.wishes} wishes, ${counts.subscribers} subscriptions, ${counts.mail} mails and ${counts.messages} messages.`;
    }
    if (intent === "reapply-erasures") {
      const applied = await reapplyErasures(env);
      return applied > 0 ? `Applied ${applied} erasures again that a restore had undone.` : "Every recorded erasure is in place: nothing to apply again.";
    }
    return unknownIntent();
  });
}

const STATUS_BADGE = {
  confirmed: styles.badge.good,
  unconfirmed: styles.badge.warn,
  unsubscribed: styles.badge.neutral,
} as const;
const dateTime = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 16) + " UTC";

export default function AdminSubscribers() {
  const { subscribers } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const confirmed = subscribers.filter((s) => s.status === "confirmed").length;
  return (
    <>
      <h1>Newsletter subscribers</h1>
      <ActionNotice result={result} />
      <section className={styles.section} aria-labelledby="erase-title">
        <h2 id="erase-title" className={styles.sectionTitle}>
          Erase everything held for an address
        </h2>
        <p className={styles.muted}>
          Removes the address from its wishes (the wishes stay), its subscription, its mail in the outbox and its contact
          messages. The log records what was removed, never the address.
        </p>
        <DeleteForm intent="erase" fields={{}} label="Delete everything held for this address">
          <div className={styles.field}>
            <label htmlFor="erase-email">E-mail address</label>
            <input id="erase-email" className={styles.input} type="email" name="email" required autoComplete="off" />
          </div>
        </DeleteForm>
      </section>
      <section className={styles.section} aria-labelledby="reapply-title">
        <h2 id="reapply-title" className={styles.sectionTitle}>
          After restoring the database
        </h2>
        <p className={styles.muted}>
          Every erasure (a wish, a message, a subscriber, an address) is also recorded outside the database, for{" "}
          {RETENTION_DAYS.erasureLedger} days. A restore to an earlier moment brings erased rows back: this applies those
          erasures again. The cron also does it within a minute.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="reapply-erasures" />
          <button type="submit" className={styles.button}>
            Apply erasures again
          </button>
        </Form>
      </section>
      <section className={styles.section} aria-labelledby="subscribers-title">
        <h2 id="subscribers-title" className={styles.sectionTitle}>
          {confirmed} confirmed of {subscribers.length}
        </h2>
        <p>
          <a href="/admin/subscribers.csv" download>
            Download the addresses you may mail (confirmed, not unsubscribed or stopped) as CSV
          </a>
        </p>
        <AdminTable
          label="Newsletter subscribers"
          rows={subscribers}
          columns={["E-mail", "Status", "Subscribed", "Action"]}
          empty={<p>Nobody has subscribed yet.</p>}
          rowKey={(s) => s.email}
        >
          {(s) => (
            <>
              <td>{s.email}</td>
              <td>
                <span className={STATUS_BADGE[s.status]}>{s.status}</span>
              </td>
              <td>{dateTime(s.createdAt)}</td>
              <td>
                <DeleteForm intent="delete" fields={{ email: s.email }} label={`Delete the subscriber ${s.email}`} />
              </td>
            </>
          )}
        </AdminTable>
      </section>
    </>
  );
}
