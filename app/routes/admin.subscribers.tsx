import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import * as styles from "~/components/admin/admin.css";
import { AdminTable } from "~/components/admin/admin-table";
import { requireAdmin } from "~/server/admin/auth.server";
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

const STATUS_BADGE = {
  confirmed: styles.badge.good,
  unconfirmed: styles.badge.warn,
  unsubscribed: styles.badge.neutral,
} as const;
const dateTime = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 16) + " UTC";

export default function AdminSubscribers() {
  const { subscribers } = useLoaderData<typeof loader>();
  const confirmed = subscribers.filter((s) => s.status === "confirmed").length;
  return (
    <>
      <h1>Newsletter subscribers</h1>
      <section className={styles.section} aria-labelledby="subscribers-title">
        <h2 id="subscribers-title" className={styles.sectionTitle}>
          {confirmed} confirmed of {subscribers.length}
        </h2>
        <p>
          <a href="/admin/subscribers.csv" download>
            Download all subscribers as CSV
          </a>
        </p>
        <AdminTable
          label="Newsletter subscribers"
          rows={subscribers}
          columns={["E-mail", "Status", "Subscribed"]}
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
            </>
          )}
        </AdminTable>
      </section>
    </>
  );
}
