import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { adminMeta } from "~/components/admin/admin-meta";
import * as styles from "~/components/admin/admin.css";
import { AdminSection } from "~/components/admin/admin-section";
import { AdminTable } from "~/components/admin/admin-table";
import { RING_STATUSES } from "~/domain/statuses";
import { loadOperations } from "~/server/admin/operations.server";
import { requireAdmin } from "~/server/admin/auth.server";

export const meta: MetaFunction = () => adminMeta("Operations");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  return loadOperations(env);
}

const HEALTH_LABELS = { database: "Database (D1)", cache: "Edge cache", redis: "Bell room (realtime)" } as const;
const dateTime = (ms: number | null) => (ms === null ? "never" : new Date(ms).toISOString().replace("T", " ").slice(0, 16) + " UTC");
const seconds = (value: number) => `${Math.round(value * 10) / 10} s`;

function Badge({ good, children }: { good: boolean; children: ReactNode }) {
  return <span className={good ? styles.badge.good : styles.badge.bad}>{children}</span>;
}

export default function AdminOperations() {
  const { health, problems, alerts, tasks, cron, rings, outbox, ibm, errors, settingsProblems } = useLoaderData<typeof loader>();
  const errorTotal = errors.reduce((sum, row) => sum + row.count, 0);
  return (
    <>
      <h1>Operations</h1>
      <div className={styles.grid}>
        <AdminSection id="healthz" title="Health (/healthz)">
          {problems.length === 0 ? (
            <p>
              <Badge good>Healthy</Badge>
            </p>
          ) : (
            <ul>
              {problems.map((problem) => (
                <li key={problem}>
                  <span className={styles.badge.bad}>{problem}</span>
                </li>
              ))}
            </ul>
          )}
          <p className={styles.muted}>
            {alerts.webhook || alerts.email
              ? `A change is told to ${[alerts.webhook ? "ALERT_WEBHOOK_URL" : null, alerts.email ? "OPERATOR_CONTACT's address" : null].filter(Boolean).join(" and ")}, once when it turns unhealthy and once on recovery.`
              : "No alert channel is set: set ALERT_WEBHOOK_URL, or an e-mail address in OPERATOR_CONTACT, to be told when this turns unhealthy."}
          </p>
        </AdminSection>

        <AdminSection id="settings" title="Settings">
          {settingsProblems.length === 0 ? (
            <p>
              <Badge good>No problems</Badge>
            </p>
          ) : (
            <ul>
              {settingsProblems.map((problem) => (
                <li key={problem}>
                  <span className={styles.badge.bad}>{problem}</span>
                </li>
              ))}
            </ul>
          )}
        </AdminSection>

        <AdminSection id="cron" title="Cron">
          <p>
            Last run: {dateTime(cron.lastRunAt)}
            {cron.lagSeconds === null ? null : ` (${cron.lagSeconds} s ago)`}{" "}
            <Badge good={!cron.stale}>{cron.stale ? "stale" : "on time"}</Badge>
          </p>
          {cron.problem ? <p className={styles.badge.bad}>{cron.problem}</p> : null}
          {tasks.length > 0 ? (
            <ul>
              {tasks.map((task) => (
                <li key={task.name}>
                  {task.name}: {task.lastFailedAt === null ? <Badge good>no failure</Badge> : <>last failed {dateTime(task.lastFailedAt)}</>}
                </li>
              ))}
            </ul>
          ) : null}
          <p className={styles.muted}>It runs every minute; more than 5 minutes without a run makes /healthz answer 503.</p>
        </AdminSection>

        <AdminSection id="services" title="Services">
          <ul>
            {(Object.keys(HEALTH_LABELS) as (keyof typeof HEALTH_LABELS)[]).map((key) => (
              <li key={key}>
                {HEALTH_LABELS[key]}: <Badge good={health[key].connected}>{health[key].connected ? "connected" : "not connected"}</Badge>
              </li>
            ))}
            <li>
              Quantum provider ({health.quantum.provider}):{" "}
              <Badge good={health.quantum.ready}>{health.quantum.ready ? "ready" : health.quantum.problem}</Badge>
            </li>
          </ul>
        </AdminSection>

        <AdminSection id="ibm" title="IBM time this month">
          <p>
            Used: {seconds(ibm.usedSeconds)}
            {ibm.unsettledJobs > 0 ? `, and ${ibm.unsettledJobs} ${ibm.unsettledJobs === 1 ? "job" : "jobs"} not yet settled` : ""}
          </p>
          <p className={styles.wishText}>
            Budget (<code>IBM_MONTHLY_BUDGET_SECONDS</code>): {ibm.budgetSeconds === null ? "none set" : seconds(ibm.budgetSeconds)}
          </p>
          {ibm.provider === "ibm" ? <p>Left on the instance: {ibm.instanceSecondsLeft === null ? "unknown (IBM did not answer)" : seconds(ibm.instanceSecondsLeft)}</p> : null}
        </AdminSection>

        <AdminSection id="outbox" title="Outbox">
          <p>
            Waiting: {outbox.waiting} <Badge good={outbox.waiting === 0}>{outbox.waiting === 0 ? "empty" : "backlog"}</Badge>
          </p>
          <p className={styles.wishText}>
            Last delivery error: {outbox.lastError ? `${outbox.lastError.error} (mail written ${dateTime(outbox.lastError.at)})` : "none"}
          </p>
        </AdminSection>
      </div>

      <AdminSection id="rings" title="Rings">
        <p>
          {RING_STATUSES.map((status) => `${status} ${rings.byStatus[status] ?? 0}`).join(" · ")}
        </p>
        <AdminTable
          label="Rings stuck past their deadline"
          rows={rings.stuck}
          columns={["Ring", "Status", "Due since", "Attempts", "Last error"]}
          empty={
            <p>
              <Badge good>No ring is stuck</Badge> (an unfinished ring still due 5 minutes after its deadline counts as stuck).
            </p>
          }
          rowKey={(ring) => ring.id}
        >
          {(ring) => (
            <>
              <td className={styles.wishText}>
                {ring.id} <span className={styles.muted}>({ring.provider})</span>
              </td>
              <td>{ring.status}</td>
              <td>{dateTime(ring.dueAt)}</td>
              <td>{ring.attempts}</td>
              <td className={styles.wishText}>{ring.error ?? "—"}</td>
            </>
          )}
        </AdminTable>
      </AdminSection>

      <AdminSection id="errors" title="Errors in the last 24 hours">
        <AdminTable
          label="Errors by code, last 24 hours"
          rows={errors}
          columns={["Code", "Count"]}
          empty={<p>No errors answered or met in the last 24 hours.</p>}
          rowKey={(row) => row.code}
        >
          {(row) => (
            <>
              <td>{row.code}</td>
              <td>{row.count}</td>
            </>
          )}
        </AdminTable>
        {errorTotal > 0 ? (
          <p className={styles.muted}>
            {errorTotal} in all. &ldquo;uncaught&rdquo; is an error nothing handled: look it up in Workers Logs (or Sentry) by its request id.
          </p>
        ) : null}
      </AdminSection>
    </>
  );
}
