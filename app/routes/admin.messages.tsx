import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ActionNotice } from "~/components/admin/action-notice";
import { adminMeta } from "~/components/admin/admin-meta";
import * as styles from "~/components/admin/admin.css";
import { AdminTable } from "~/components/admin/admin-table";
import { adminAction, formText, requireConfirmation, unknownIntent } from "~/server/admin/action.server";
import { DeleteForm } from "~/components/admin/delete-form";
import { deleteMessage, keepMessage } from "~/server/privacy/erasure.server";
import { RETENTION_DAYS } from "~/domain/retention";
import { requireAdmin } from "~/server/admin/auth.server";
import { markMessageRead, recentMessages } from "~/server/admin/dashboard.server";

export const meta: MetaFunction = () => adminMeta("Messages");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  return { messages: await recentMessages(env) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  return adminAction(request, env, async (form) => {
    const intent = formText(form, "intent");
    const id = formText(form, "id");
    if (intent === "delete") {
      requireConfirmation(form);
      return (await deleteMessage(env, id)) > 0 ? "The message is deleted." : "That message was already gone.";
    }
    if (intent === "keep" || intent === "release") {
      await keepMessage(env, id, intent === "keep");
      return intent === "keep" ? "The message is kept until you delete it." : `The message will be deleted ${RETENTION_DAYS.contactMessage} days after it arrived.`;
    }
    if (intent !== "read" && intent !== "unread") return unknownIntent();
    await markMessageRead(env, formText(form, "id"), intent === "read");
    return intent === "read" ? "Marked as read." : "Marked as unread.";
  });
}

const dateTime = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 16) + " UTC";

export default function AdminMessages() {
  const { messages } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>Messages</h1>
      <ActionNotice result={result} />
      <section className={styles.section} aria-labelledby="inbox-title">
        <h2 id="inbox-title" className={styles.sectionTitle}>
          Contact form inbox
        </h2>
        <AdminTable
          label="Messages"
          rows={messages}
          columns={["Received", "From", "Message", "Action"]}
          empty={<p>No messages yet.</p>}
          rowKey={(m) => m.id}
        >
          {(m) => (
            <>
              <td>
                {dateTime(m.createdAt)}
                <div className={m.readAt ? styles.muted : styles.badge.warn}>{m.readAt ? "read" : "unread"}</div>
              </td>
              <td>
                {m.name ?? "No name given"}
                <div>
                  <a href={`mailto:${m.email}`}>{m.email}</a>
                </div>
              </td>
              <td className={styles.wishText}>
                {m.subject ? <strong>{m.subject}</strong> : null}
                <pre className={styles.pre}>{m.message}</pre>
              </td>
              <td>
                <Form method="post">
                  <input type="hidden" name="intent" value={m.readAt ? "unread" : "read"} />
                  <input type="hidden" name="id" value={m.id} />
                  <button type="submit" className={styles.quietButton}>
                    {m.readAt ? "Mark unread" : "Mark read"}
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value={m.keptAt ? "release" : "keep"} />
                  <input type="hidden" name="id" value={m.id} />
                  <button type="submit" className={styles.quietButton}>
                    {m.keptAt ? "Stop keeping" : "Keep past a year"}
                  </button>
                </Form>
                <DeleteForm intent="delete" fields={{ id: m.id }} label={`Delete the message from ${dateTime(m.createdAt)}`} />
              </td>
            </>
          )}
        </AdminTable>
      </section>
    </>
  );
}
