import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ledgerSeconds, LEDGER_SUM_QUERY } from "~/server/rings/credits.server";
import { claimRing } from "~/server/rings/claim.server";
import { submit } from "../support/api";
import { recordingD1, type RecordedStatement } from "~/server/db/recording-d1.server";

/** `env` whose D1 binding writes down every statement it runs. */
function recordingEnv(): { env: Env; statements: RecordedStatement[] } {
  const statements: RecordedStatement[] = [];
  return { env: { ...env, DB: recordingD1(env.DB, (statement) => statements.push(statement)) }, statements };
}

async function queryPlan({ sql, params }: RecordedStatement): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

const ledgerSum = async () =>
  (await env.DB.prepare("SELECT COALESCE(SUM(delta_seconds), 0) AS sum FROM credit_ledger").first<{ sum: number }>())?.sum;
const balance = async () => (await env.DB.prepare("SELECT seconds FROM credit_balance WHERE id = 1").first<{ seconds: number }>())?.seconds;

describe("the credit balance", () => {
  it("stays equal to the ledger's sum through every insert, update and delete, whoever writes", async () => {
    expect(await balance()).toBe(await ledgerSum());
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO credit_ledger (delta_seconds, reason, created_at) VALUES (120, 'balance test', ?)").bind(now),
      env.DB.prepare("INSERT INTO credit_ledger (delta_seconds, reason, created_at) VALUES (-7, 'balance test', ?)").bind(now),
    ]);
    expect(await balance()).toBe(await ledgerSum());
    await env.DB.prepare("UPDATE credit_ledger SET delta_seconds = -9 WHERE reason = 'balance test' AND delta_seconds = -7").run();
    expect(await balance()).toBe(await ledgerSum());
    const before = await ledgerSeconds(env);
    await env.DB.prepare("DELETE FROM credit_ledger WHERE reason = 'balance test'").run();
    expect(await balance()).toBe(await ledgerSum());
    expect(before - (await ledgerSeconds(env))).toBe(111);
  });

  it("is read from its one row, never by summing the ledger", async () => {
    const plan = await queryPlan({ sql: LEDGER_SUM_QUERY, params: [] });
    expect(plan.join("\n")).toContain("SEARCH credit_balance USING INTEGER PRIMARY KEY");
    expect(plan.some((line) => line.includes("credit_ledger"))).toBe(false);
  });
});

describe("the ring's claim", () => {
  it("reads indexes only: no scan, no sort, and the pending wishes without visiting their rows", async () => {
    const wishIds: string[] = [];
    for (let i = 0; i < 2; i += 1) wishIds.push((await submit({ wish: `A quiet table for the query plans, number ${i}` })).json.wishId);
    const recording = recordingEnv();
    const ring = { id: `ring-${crypto.randomUUID()}`, createdAt: Date.now(), provider: "simulator", rungByHash: "h", virtual: false };
    const claim = await claimRing(recording.env, ring, { requestedIds: wishIds, ledgerCredits: true });
    expect(claim.claimed.map((wish) => wish.id).sort()).toEqual([...wishIds].sort());
    expect(recording.statements.length).toBeGreaterThanOrEqual(5);

    const plans = await Promise.all(recording.statements.map(queryPlan));
    for (const [i, plan] of plans.entries()) {
      const text = plan.join("\n");
      expect(text, recording.statements[i].sql).not.toMatch(/\bSCAN (?!CONSTANT ROW)/);
      expect(text, recording.statements[i].sql).not.toContain("TEMP B-TREE FOR RIGHT PART OF ORDER BY");
      expect(text, recording.statements[i].sql).not.toContain("credit_ledger");
    }
    // The pending wishes are found, ordered and counted in the covering status index.
    const pendingReads = plans.flat().filter((line) => line.includes("(status=? AND hidden=?)"));
    expect(pendingReads.length).toBeGreaterThanOrEqual(3);
    expect(pendingReads.every((line) => line.includes("USING COVERING INDEX wishes_status_visible_created_idx"))).toBe(true);
  });
});
