import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import * as styles from "~/components/admin/admin.css";
import { AdminTable } from "~/components/admin/admin-table";
import { RETENTION_DAYS } from "~/domain/retention";
import { requireAdmin } from "~/server/admin/auth.server";
import { AUDIT_PAGE, auditPage } from "~/server/admin/audit.server";

export const meta: MetaFunction = () => adminMeta("Audit trail");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  const before = Number(new URL(request.url).searchParams.get("before"));
  const page = await auditPage(env, Number.isInteger(before) && before > 0 ? before : undefined);
  return { ...page, paged: before > 0, more: page.rows.length === AUDIT_PAGE };
}

const dateTime = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 19) + " UTC";

/** Read only: the trail is written by the actions themselves and swept by the retention sweep (ADR 0112). */
export default function AdminAudit() {
  const { rows, total, paged, more } = useLoaderData<typeof loader>();
  const last = rows.at(-1);
  return (
    <>
      <h1>Audit trail</h1>
      <p className={styles.muted}>
        Every admin action: sign-in and sign-out, moderation, rings, credits, mail, messages, subscribers and their
        export. Entries cannot be changed here or anywhere on the site, and each is deleted {RETENTION_DAYS.adminAudit} days after it
        was written. {total} {total === 1 ? "entry" : "entries"} kept.
      </p>
      <section className={styles.section} aria-labelledby="audit-title">
        <h2 id="audit-title" className={styles.sectionTitle}>
          {paged ? "Older actions" : "Newest actions"}
        </h2>
        <AdminTable
          label="Audit trail"
          rows={rows}
          columns={["When", "Who", "What", "On what", "Outcome", "Request id"]}
          empty={<p>No admin action recorded yet.</p>}
          rowKey={(row) => row.id}
        >
          {(row) => (
            <>
              <td>{dateTime(row.at)}</td>
              <td>{row.actor}</td>
              <td>{row.action}</td>
              <td>{row.target ?? "—"}</td>
              <td className={styles.wishText}>{row.outcome}</td>
              <td>
                <code>{row.requestId ?? "—"}</code>
              </td>
            </>
          )}
        </AdminTable>
        {more && last ? (
          <p>
            <Link to={`/admin/audit?before=${last.id}`}>Older actions</Link>
          </p>
        ) : null}
        {paged ? (
          <p>
            <Link to="/admin/audit">Newest actions</Link>
          </p>
        ) : null}
      </section>
    </>
  );
}
