import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { budgetRefusal, budgetStatus } from "~/domain/ibm-budget";
import { readIbmSpending } from "~/server/admin/dashboard.server";
import { monthSpend } from "~/server/rings/job-ledger.server";
import { browserFetch as adminFetch, signIn } from "../support/api";

// Issue 30: /admin shows each IBM ring's jobs (state, whether it ran, charged seconds, error), a ring whose job might
// still run as "wishes held" with a release, and this month's IBM seconds against the operator's ceiling.

const suffix = crypto.randomUUID().slice(0, 8);
const PAID_RING = `ring-paid-${suffix}`;
const HELD_RING = `ring-held-${suffix}`;
const FAILED_JOB = `job-failed-${suffix}`;
const COMPLETED_JOB = `job-done-${suffix}`;
const HELD_JOB = `job-unknown-${suffix}`;
const HELD_WISHES = [`held-a-${suffix}`, `held-b-${suffix}`];
const NOW = Date.now();
const UNKNOWN_SINCE = NOW - 26 * 3_600_000;
const HELD_ERROR = `The state of job ${HELD_JOB} could not be read for 24 h and IBM did not confirm a cancel; its wishes are held.`;

/** The page's text as a reader meets it: tags and React's text separators gone, entities decoded. */
function pageText(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .replace(/ ([,.])/g, "$1");
}

/** The HTML of the "Recent rings" row of one ring. */
function ringRow(html: string, ringId: string): string {
  const start = html.indexOf(`<a href="/bell/${ringId}">`);
  expect(start, `row of ${ringId}`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</tr>", start));
}

async function wishStatuses(ids: string[]) {
  const { results } = await env.DB.prepare(`SELECT id, status, bell_ring_id FROM wishes WHERE id IN (${ids.map(() => "?").join(", ")}) ORDER BY id`)
    .bind(...ids)
    .all<{ id: string; status: string; bell_ring_id: string | null }>();
  return results;
}

beforeAll(async () => {
  const job = (jobId: string, ringId: string, state: string, ran: number, charged: number | null, error: string | null, at: number) =>
    env.DB.prepare(
      `INSERT INTO ring_jobs (job_id, ring_id, provider, backend, created_at, state, ran, ended_at, charged_seconds, error)
       VALUES (?, ?, 'ibm', 'ibm_torino', ?, ?, ?, ?, ?, ?)`,
    ).bind(jobId, ringId, at, state, ran, state === "running" ? null : at + 60_000, charged, error);
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO bell_rings (id, created_at, provider, backend, job_id, status, attempts, usage_seconds, completed_at, job_requests)
       VALUES (?, ?, 'ibm', 'ibm_torino', ?, 'completed', 2, 4.5, ?, 2)`,
    ).bind(PAID_RING, NOW - 60_000, COMPLETED_JOB, NOW),
    job(FAILED_JOB, PAID_RING, "failed", 0, null, "Job failed: the circuit is not ISA for ibm_torino.", NOW - 50_000),
    job(COMPLETED_JOB, PAID_RING, "completed", 1, 4.5, null, NOW - 40_000),
    env.DB.prepare(
      `INSERT INTO bell_rings (id, created_at, provider, backend, job_id, status, attempts, read_failures, unknown_since, job_requests, wishes_held, error, completed_at)
       VALUES (?, ?, 'ibm', 'ibm_torino', ?, 'failed', 1, 37, ?, 1, 1, ?, ?)`,
    ).bind(HELD_RING, NOW - 30_000, HELD_JOB, UNKNOWN_SINCE, HELD_ERROR, NOW),
    job(HELD_JOB, HELD_RING, "running", 1, null, null, NOW - 20_000),
    ...HELD_WISHES.map((id) =>
      env.DB.prepare(
        `INSERT INTO wishes (id, text, theme, status, fingerprint_hash, bell_ring_id, created_at)
         VALUES (?, 'A wish waiting with a held ring', 'General', 'submitted_for_batching', 'held-ring', ?, ?)`,
      ).bind(id, HELD_RING, NOW - 90_000),
    ),
  ]);
});

describe("/admin: the jobs of IBM rings", () => {
  it("lists every job of a ring with its state, whether it ran, its charged seconds or 'not settled', and its error", async () => {
    const cookie = await signIn();
    const response = await adminFetch("/admin", { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();

    const paid = pageText(ringRow(html, PAID_RING));
    expect(paid).toContain(`${FAILED_JOB} failed not seen running · not settled · ibm_torino Job failed: the circuit is not ISA for ibm_torino.`);
    expect(paid).toContain(`${COMPLETED_JOB} completed ran · 4.5 s charged · ibm_torino`);
    expect(paid).not.toContain("wishes held");
    const history = ringRow(html, PAID_RING).split(`aria-label="Jobs of ring ${PAID_RING}"`)[1] ?? "";
    expect(history.indexOf(FAILED_JOB), "oldest job first").toBeGreaterThan(-1);
    expect(history.indexOf(FAILED_JOB)).toBeLessThan(history.indexOf(COMPLETED_JOB));

    const held = pageText(ringRow(html, HELD_RING));
    expect(held).toContain("failed wishes held");
    expect(held).toContain("37 failed reads in a row");
    expect(held).toContain(`state unknown since ${new Date(UNKNOWN_SINCE).toISOString().replace("T", " ").slice(0, 16)} UTC`);
    expect(held).toContain(HELD_ERROR);
    expect(held).toContain(`${HELD_JOB} running ran · not settled`);
    expect(held).not.toContain("Wishes returned to the pool");
    const heldHtml = ringRow(html, HELD_RING);
    expect(heldHtml).toContain('name="intent" value="release-held"');
    expect(heldHtml).toMatch(
      new RegExp(`aria-label="Release wishes of ring ${HELD_RING} to the pool: I checked that its job ended and will not be charged again."[^>]*>Release wishes</button>`),
    );
  });

  it("shows the month's recorded IBM seconds and that no ceiling is set when IBM_MONTHLY_BUDGET_SECONDS is not", async () => {
    const html = await (await adminFetch("/admin", { cookie: await signIn() })).text();
    const start = html.indexOf('id="ibm-spending-title"');
    const block = pageText(html.slice(start, html.indexOf("</section>", start)));
    expect(block).toContain("IBM spending");
    // The completed job's 4.5 s settled; the held ring's job (and whatever else the ledger counts as unsettled, at
    // least that one) counts at the estimate, the most a recent job cost.
    const { unsettledJobs } = await monthSpend(env, Date.now());
    expect(unsettledJobs).toBeGreaterThanOrEqual(1);
    expect(block).toContain(
      `Recorded this month: 4.5 s, plus ${unsettledJobs} ${unsettledJobs === 1 ? "job" : "jobs"} not yet settled (about 4.5 s each). No monthly ceiling set (IBM_MONTHLY_BUDGET_SECONDS).`,
    );
    expect(block).not.toContain("Out of Credits");
  });

  it("with IBM_MONTHLY_BUDGET_SECONDS set, counts unsettled jobs at the estimate and says why the bell is out of credits", async () => {
    const spend = await monthSpend(env, NOW);
    expect(spend.chargedSeconds).toBe(4.5);
    const spent = 4.5 + spend.unsettledJobs * 4.5;

    const roomyBudget = spent + 4.5 + 1;
    const roomy = await readIbmSpending({ ...env, IBM_MONTHLY_BUDGET_SECONDS: String(roomyBudget) } as Env, NOW);
    expect(roomy.budget).toEqual({ budgetSeconds: roomyBudget, estimateSeconds: 4.5, spentSeconds: spent, leftSeconds: 5.5, allowsRing: true });
    expect(roomy.refusal).toBeNull();

    // The month's seconds plus the next ring's 4.5 s would pass the ceiling: the guard refuses, and /admin gives its sentence.
    const tightBudget = spent + 1;
    const tight = await readIbmSpending({ ...env, IBM_MONTHLY_BUDGET_SECONDS: String(tightBudget) } as Env, NOW);
    expect(tight.budget).toEqual({ budgetSeconds: tightBudget, estimateSeconds: 4.5, spentSeconds: spent, leftSeconds: 1, allowsRing: false });
    expect(tight.refusal).toBe(budgetRefusal(budgetStatus(tightBudget, spend)));
    expect(tight.refusal).toContain(`this month's ${spent} s plus the next ring's estimated 4.5 s would pass IBM_MONTHLY_BUDGET_SECONDS (${tightBudget} s)`);

    const unset = await readIbmSpending(env, NOW);
    expect(unset).toMatchObject({ chargedSeconds: 4.5, unsettledJobs: spend.unsettledJobs, estimateSeconds: 4.5, budget: null, refusal: null });
  });

  it("does not retry a held ring and refuses to release a ring that is not held", async () => {
    const cookie = await signIn();
    const retry = await adminFetch("/admin?index", { form: { intent: "retry-ring", ringId: HELD_RING }, cookie });
    expect(retry.status).toBe(409);
    expect(pageText(await retry.text())).toContain("its wishes are held");

    const notHeld = await adminFetch("/admin?index", { form: { intent: "release-held", ringId: PAID_RING }, cookie });
    expect(notHeld.status).toBe(409);
    expect(pageText(await notHeld.text())).toContain("That ring's wishes are not held");

    const missing = await adminFetch("/admin?index", { form: { intent: "release-held", ringId: "no-such-ring" }, cookie });
    expect(missing.status).toBe(404);
    expect(await wishStatuses(HELD_WISHES)).toEqual(HELD_WISHES.map((id) => ({ id, status: "submitted_for_batching", bell_ring_id: HELD_RING })));
  });

  it("releases a held ring's wishes to the pool, says how many, and marks the ring no longer held", async () => {
    const cookie = await signIn();
    const released = await adminFetch("/admin?index", { form: { intent: "release-held", ringId: HELD_RING }, cookie });
    expect(released.status).toBe(200);
    expect(pageText(await released.text())).toContain(`2 wishes of ring ${HELD_RING} went back to the pool and will ring with the next batch.`);
    expect(await wishStatuses(HELD_WISHES)).toEqual(HELD_WISHES.map((id) => ({ id, status: "pending", bell_ring_id: null })));

    const html = await (await adminFetch("/admin", { cookie })).text();
    const row = pageText(ringRow(html, HELD_RING));
    expect(row).not.toContain("wishes held");
    expect(row).toContain("Wishes returned to the pool");

    const again = await adminFetch("/admin?index", { form: { intent: "release-held", ringId: HELD_RING }, cookie });
    expect(again.status).toBe(409);
    expect(await wishStatuses(HELD_WISHES)).toEqual(HELD_WISHES.map((id) => ({ id, status: "pending", bell_ring_id: null })));
  });
});
