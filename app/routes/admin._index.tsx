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
import { BELL_LABEL_OUT_OF_CREDITS } from "~/domain/messages";
import { RING_STATUS } from "~/domain/statuses";
import { loadDashboard, releasedSentence, releaseRingWishes, retryRing, topUpCredits, type IbmSpending } from "~/server/admin/dashboard.server";
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
    if (intent === "release-held") {
      const ringId = formText(form, "ringId");
      return releasedSentence(ringId, await releaseRingWishes(env, ringId));
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
const seconds = (value: number) => `${value.toLocaleString("en", { maximumFractionDigits: 1 })} s`;
const monthName = (ms: number) => new Date(ms).toLocaleString("en", { month: "long", year: "numeric", timeZone: "UTC" });

const JOB_STATE_BADGE: Record<string, keyof typeof styles.badge> = {
  completed: "good",
  queued: "warn",
  running: "warn",
  failed: "bad",
  cancelled: "bad",
  unusable: "bad",
};

/** This month's IBM seconds against the operator's ceiling, and why the bell is out of credits when it is. */
function IbmSpendingBlock({ spending, ibmInUse }: { spending: IbmSpending; ibmInUse: boolean }) {
  const { budget, unsettledJobs } = spending;
  const unsettled = `${unsettledJobs} ${unsettledJobs === 1 ? "job" : "jobs"} not yet settled (about ${seconds(spending.estimateSeconds)} each)`;
  return (
    <section className={styles.section} aria-labelledby="ibm-spending-title">
      <h2 id="ibm-spending-title" className={styles.sectionTitle}>
        IBM spending
      </h2>
      <p className={styles.muted}>{monthName(spending.monthStart)} (UTC), QPU seconds recorded by this site&apos;s rings.</p>
      {budget ? (
        <>
          <dl className={styles.statList}>
            <div className={styles.stat}>
              <dt>Spent this month</dt>
              <dd>{seconds(budget.spentSeconds)}</dd>
            </div>
            <div className={styles.stat}>
              <dt>Monthly budget</dt>
              <dd>{seconds(budget.budgetSeconds)}</dd>
            </div>
            <div className={styles.stat}>
              <dt>Left</dt>
              <dd>{seconds(budget.leftSeconds)}</dd>
            </div>
            <div className={styles.stat}>
              <dt>Next ring&apos;s estimate</dt>
              <dd>{seconds(budget.estimateSeconds)}</dd>
            </div>
          </dl>
          {unsettledJobs > 0 ? (
            <p>
              Spent: {seconds(spending.chargedSeconds)} settled, plus {unsettled}.
            </p>
          ) : null}
          {spending.refusal ? (
            <p role="note" className={styles.badge.bad}>
              {ibmInUse
                ? `The bell shows "${BELL_LABEL_OUT_OF_CREDITS}" until next month or a higher ceiling. `
                : "The bell uses the built-in simulator now, which this ceiling does not limit; on IBM it would refuse. "}
              {spending.refusal}
            </p>
          ) : (
            <p>A new ring fits under IBM_MONTHLY_BUDGET_SECONDS.</p>
          )}
        </>
      ) : (
        <p>
          Recorded this month: <strong>{seconds(spending.chargedSeconds)}</strong>
          {unsettledJobs > 0 ? `, plus ${unsettled}` : ""}. No monthly ceiling set (IBM_MONTHLY_BUDGET_SECONDS).
        </p>
      )}
    </section>
  );
}

export default function AdminDashboard() {
  const { totals, wishesPerDay, ringsPerDay, countries, health, credits, rings, ibmSpending, cspReports, safety } = useLoaderData<typeof loader>();
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

      <IbmSpendingBlock spending={ibmSpending} ibmInUse={credits.provider === "ibm"} />

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
        <p className={styles.muted}>Seen by the most networks first: anyone can send a report, so a violation one network alone reports may be made up.</p>
        <AdminTable
          label="Content-Security-Policy reports"
          rows={cspReports}
          columns={["Directive", "Blocked", "Page", "Times", "Networks", "Last seen"]}
          empty={<p className={styles.muted}>No browser has reported a violation.</p>}
          rowKey={(r) => `${r.directive} ${r.blocked} ${r.documentPath}`}
        >
          {(r) => (
            <>
              <th scope="row">{r.directive}</th>
              <td className={styles.wishText}>{r.blocked}</td>
              <td className={styles.wishText}>{r.documentPath}</td>
              <td>{r.count}</td>
              <td>{r.networks}</td>
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
          columns={["Ring", "Rung", "Provider", "Status", "Attempts", "Last error", "Jobs", "Action"]}
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
                <span className={ring.status === RING_STATUS.completed ? styles.badge.good : ring.status === RING_STATUS.failed ? styles.badge.bad : styles.badge.warn}>
                  {ring.status}
                </span>
                {ring.wishesHeld ? (
                  <div>
                    <strong className={styles.badge.warn}>wishes held</strong>
                  </div>
                ) : null}
              </td>
              <td>
                {ring.attempts}
                {ring.readFailures > 0 ? (
                  <div className={styles.muted}>
                    {ring.readFailures} failed {ring.readFailures === 1 ? "read" : "reads"} in a row
                  </div>
                ) : null}
                {ring.unknownSince !== null ? <div className={styles.badge.warn}>state unknown since {dateTime(ring.unknownSince)}</div> : null}
              </td>
              <td className={styles.sentenceCell}>{ring.error ?? "—"}</td>
              <td className={styles.jobsCell}>
                {ring.provider === "simulator" ? (
                  <span className={styles.muted}>simulator, no jobs</span>
                ) : ring.jobs.length === 0 ? (
                  <span className={styles.muted}>no job recorded</span>
                ) : (
                  <ol className={styles.jobList} aria-label={`Jobs of ring ${ring.id}`}>
                    {ring.jobs.map((job) => (
                      <li key={job.jobId}>
                        <code className={styles.jobId}>{job.jobId}</code>{" "}
                        <span className={styles.badge[JOB_STATE_BADGE[job.state] ?? "neutral"]}>{job.state}</span>
                        <div>
                          {job.ran ? "ran" : "not seen running"} · {job.chargedSeconds === null ? "not settled" : `${seconds(job.chargedSeconds)} charged`}
                          {job.backend ? ` · ${job.backend}` : ""}
                        </div>
                        {job.error ? <div className={styles.muted}>{job.error}</div> : null}
                      </li>
                    ))}
                  </ol>
                )}
              </td>
              <td>
                {ring.status === RING_STATUS.queued || ring.status === RING_STATUS.running ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="retry-ring" />
                    <input type="hidden" name="ringId" value={ring.id} />
                    <button type="submit" className={styles.quietButton} aria-label={`Retry ring ${ring.id} now`}>
                      Retry now
                    </button>
                  </Form>
                ) : ring.wishesHeld ? (
                  <Form method="post" className={styles.releaseForm}>
                    <input type="hidden" name="intent" value="release-held" />
                    <input type="hidden" name="ringId" value={ring.id} />
                    <p className={styles.muted}>Check in IBM Quantum that its job ended first: the wishes will ring again in a new, paid job.</p>
                    <button
                      type="submit"
                      className={styles.quietButton}
                      aria-label={`Release wishes of ring ${ring.id} to the pool: I checked that its job ended and will not be charged again.`}
                    >
                      Release wishes
                    </button>
                  </Form>
                ) : ring.status === RING_STATUS.failed ? (
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
