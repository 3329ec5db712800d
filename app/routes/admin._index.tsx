import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { TOP_UP_MAX_SECONDS, TREND_DAYS } from "~/domain/admin";
import { ActionNotice } from "~/components/admin/action-notice";
import { adminMeta } from "~/components/admin/admin-meta";
import * as styles from "~/components/admin/admin.css";
import { BarChart } from "~/components/admin/bar-chart";
import { AdminTable } from "~/components/admin/admin-table";
import { adminAction, formText, unknownIntent } from "~/server/admin/action.server";
import { requireAdmin } from "~/server/admin/auth.server";
import { loadDashboard, retryRing, topUpCredits } from "~/server/admin/dashboard.server";
import { safetySignals } from "~/server/admin/safety-signals.server";
import { SafetySignalsSection } from "~/components/admin/safety-signals";

export const meta: MetaFunction = () => adminMeta("Dashboard");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  const [dashboard, safety] = await Promise.all([loadDashboard(env), safetySignals(env)]);
  return { ...dashboard, safety };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  return adminAction(request, env, async (form) => {
    const intent = formText(form, "intent");
    if (intent === "top-up") {
      const seconds = Number(formText(form, "seconds"));
      await topUpCredits(env, seconds);
      return `Added ${seconds} seconds of simulator time.`;
    }
    if (intent === "retry-ring") {
      await retryRing(env, formText(form, "ringId"));
      return "The bell room was asked to try that ring now.";
    }
    return unknownIntent();
  });
}

const HEALTH_LABELS = {
  database: "Database (D1)",
  cache: "Edge cache",
  redis: "Bell room (realtime)",
} as const;

const dateTime = (ms: number | null) => (ms === null ? "—" : new Date(ms).toISOString().replace("T", " ").slice(0, 16) + " UTC");

export default function AdminDashboard() {
  const { totals, wishesPerDay, ringsPerDay, countries, health, credits, rings, cspReports, safety } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const figures = [
    ["Visible wishes", totals.visibleWishes],
    ["Waiting to ring", totals.pendingWishes],
    ["Hidden wishes", totals.hiddenWishes],
    ["Reported wishes", totals.reportedWishes],
    ["Bell rings", totals.rings],
    ["Failed rings", totals.failedRings],
    ["Unread messages", totals.unreadMessages],
    ["Confirmed subscribers", totals.confirmedSubscribers],
    ["Mail waiting", totals.outboxWaiting],
  ] as const;
  return (
    <>
      <h1>Dashboard</h1>
      <ActionNotice result={result} />

      <section className={styles.section} aria-labelledby="totals-title">
        <h2 id="totals-title" className={styles.sectionTitle}>
          Totals
        </h2>
        <dl className={styles.statList}>
          {figures.map(([label, value]) => (
            <div key={label} className={styles.stat}>
              <dt>{label}</dt>
              <dd>{value.toLocaleString("en")}</dd>
            </div>
          ))}
        </dl>
      </section>

      <SafetySignalsSection signals={safety} />

      <section className={styles.section} aria-labelledby="trends-title">
        <h2 id="trends-title" className={styles.sectionTitle}>
          Last {TREND_DAYS} days
        </h2>
        <div className={styles.grid}>
          <BarChart title="Wishes per day" unit="wishes" data={wishesPerDay.map((d) => ({ label: d.day, value: d.count }))} />
          <BarChart title="Bell rings per day" unit="rings" data={ringsPerDay.map((d) => ({ label: d.day, value: d.count }))} />
        </div>
      </section>

      <div className={styles.grid}>
        <section className={styles.section} aria-labelledby="health-title">
          <h2 id="health-title" className={styles.sectionTitle}>
            Services
          </h2>
          <ul>
            {(Object.keys(HEALTH_LABELS) as (keyof typeof HEALTH_LABELS)[]).map((key) => (
              <li key={key}>
                {HEALTH_LABELS[key]}:{" "}
                <span className={health[key].connected ? styles.badge.good : styles.badge.bad}>
                  {health[key].connected ? "connected" : "not connected"}
                </span>
              </li>
            ))}
            <li>
              Quantum provider ({health.quantum.provider}):{" "}
              <span className={health.quantum.ready ? styles.badge.good : styles.badge.bad}>
                {health.quantum.ready ? "ready" : health.quantum.problem}
              </span>
            </li>
          </ul>
        </section>

        <section className={styles.section} aria-labelledby="credits-title">
          <h2 id="credits-title" className={styles.sectionTitle}>
            Quantum credits
          </h2>
          <p>
            Provider: {credits.provider === "ibm" ? "IBM Quantum" : "built-in simulator"}.{" "}
            {credits.unlimited ? (
              <>This instance has no usage limit; set IBM_MONTHLY_BUDGET_SECONDS to show visitors a budget.</>
            ) : credits.seconds === null ? (
              <span className={styles.badge.bad}>Could not read the remaining time: {credits.error}</span>
            ) : (
              <>
                Remaining: <strong>{credits.seconds.toLocaleString("en")} seconds</strong>.
              </>
            )}
          </p>
          {credits.provider === "simulator" ? (
            <Form method="post" className={styles.form}>
              <input type="hidden" name="intent" value="top-up" />
              <div className={styles.field}>
                <label htmlFor="top-up-seconds">Seconds to add</label>
                <input id="top-up-seconds" className={styles.input} type="number" name="seconds" min={1} max={TOP_UP_MAX_SECONDS} step={1} required />
              </div>
              <button type="submit" className={styles.button}>
                Top up
              </button>
            </Form>
          ) : (
            <p className={styles.muted}>IBM Quantum time is bought and managed in your IBM Cloud account.</p>
          )}
        </section>
      </div>

      <section className={styles.section} aria-labelledby="countries-title">
        <h2 id="countries-title" className={styles.sectionTitle}>
          Top countries
        </h2>
        <AdminTable
          label="Top countries"
          rows={countries}
          columns={["Country", "Wishes", "Waiting", "Entangled"]}
          empty={<p className={styles.muted}>No wishes with a known country yet.</p>}
          rowKey={(c) => c.countryCode}
        >
          {(c) => (
            <>
              <th scope="row">
                {c.country} ({c.countryCode})
              </th>
              <td>{c.wishCount}</td>
              <td>{c.pendingCount}</td>
              <td>{c.entangledCount}</td>
            </>
          )}
        </AdminTable>
      </section>

      <section className={styles.section} aria-labelledby="csp-title">
        <h2 id="csp-title" className={styles.sectionTitle}>
          Blocked by the Content-Security-Policy
        </h2>
        <AdminTable
          label="Content-Security-Policy reports"
          rows={cspReports}
          columns={["Directive", "Blocked", "Page", "Times", "Last seen"]}
          empty={<p className={styles.muted}>No browser has reported a violation.</p>}
          rowKey={(r) => `${r.directive} ${r.blocked} ${r.documentPath}`}
        >
          {(r) => (
            <>
              <th scope="row">{r.directive}</th>
              <td className={styles.wishText}>{r.blocked}</td>
              <td className={styles.wishText}>{r.documentPath}</td>
              <td>{r.count}</td>
              <td>{dateTime(r.lastSeen)}</td>
            </>
          )}
        </AdminTable>
      </section>

      <section className={styles.section} aria-labelledby="rings-title">
        <h2 id="rings-title" className={styles.sectionTitle}>
          Recent rings
        </h2>
        <AdminTable
          label="Recent rings"
          rows={rings}
          columns={["Ring", "Rung", "Provider", "Status", "Attempts", "Last error", "Action"]}
          empty={<p className={styles.muted}>The bell has not rung yet.</p>}
          rowKey={(ring) => ring.id}
        >
          {(ring) => (
            <>
              <th scope="row">
                <a href={`/bell/${ring.id}`}>{ring.id}</a>
              </th>
              <td>{dateTime(ring.createdAt)}</td>
              <td>
                {ring.provider}
                {ring.backend ? ` (${ring.backend})` : ""}
                {ring.jobId ? <div className={styles.muted}>job {ring.jobId}</div> : null}
              </td>
              <td>
                <span className={ring.status === "completed" ? styles.badge.good : ring.status === "failed" ? styles.badge.bad : styles.badge.warn}>
                  {ring.status}
                </span>
              </td>
              <td>{ring.attempts}</td>
              <td className={styles.wishText}>{ring.error ?? "—"}</td>
              <td>
                {ring.status === "queued" || ring.status === "running" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="retry-ring" />
                    <input type="hidden" name="ringId" value={ring.id} />
                    <button type="submit" className={styles.quietButton} aria-label={`Retry ring ${ring.id} now`}>
                      Retry now
                    </button>
                  </Form>
                ) : ring.status === "failed" ? (
                  <span className={styles.muted}>Wishes returned to the pool</span>
                ) : (
                  <span className={styles.muted}>Done</span>
                )}
              </td>
            </>
          )}
        </AdminTable>
      </section>
    </>
  );
}
