/**
 * Issue 33, part 1: one parsed settings object. The Worker, as deployed, with settings written the way an operator
 * writes them (any case, a bad number): every path reads them alike, a bad one is named (never its value) where an
 * operator looks, and what does not need it keeps serving.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadOperations } from "~/server/admin/operations.server";
import { quantumCredits } from "~/server/rings/credits.server";
import { healthz } from "~/server/edge/healthz.server";
import { builtWorker as worker } from "../support/build";
import { freshIp, ORIGIN, signIn } from "../support/api";

/** A browser-shaped request answered by the Worker running with these settings. */
async function fetchWith(settings: Record<string, string>, path: string, init: { form?: Record<string, string>; cookie?: string } = {}) {
  const headers = new Headers({ "CF-Connecting-IP": freshIp(), Host: new URL(ORIGIN).host });
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.form) headers.set("Content-Type", "application/x-www-form-urlencoded");
  if (init.form) headers.set("Origin", ORIGIN);
  const request = new Request(`${ORIGIN}${path}`, {
    method: init.form ? "POST" : "GET",
    headers,
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    redirect: "manual",
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, { ...env, ...settings } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe("QUANTUM_PROVIDER=Simulator", () => {
  it("is the simulator in /admin too: a top-up is taken and the credits grow by it", async () => {
    const settings = { QUANTUM_PROVIDER: "Simulator" };
    const cookie = await signIn();
    const before = await quantumCredits({ ...env, ...settings } as Env);
    const response = await fetchWith(settings, "/admin?index", { form: { intent: "top-up", seconds: "45" }, cookie });
    expect(response.status).toBe(200);
    const after = await quantumCredits({ ...env, ...settings } as Env);
    expect(after).toMatchObject({ instanceId: "simulator", unlimited: false });
    expect(after.seconds).toBe(before.seconds! + 45);
    const page = await (await fetchWith(settings, "/admin", { cookie })).text();
    expect(page).not.toContain("Simulator seconds can only be added");
  });
});

describe("a bad setting", () => {
  const bad = { RELAY_COUNT: "seventy-seven-relays", IBM_MONTHLY_BUDGET_SECONDS: "a-budget-of-lots" };
  const sentences = [
    "RELAY_COUNT must be a whole number from 1 to 64; the default (2) is used.",
    "IBM_MONTHLY_BUDGET_SECONDS must be a number of seconds, 0 or more; no IBM job is created until it is fixed.",
  ];

  it("is named in /healthz, which answers 503, without its value", async () => {
    const response = await healthz({ ...env, ...bad } as Env);
    expect(response.status).toBe(503);
    const body = await response.text();
    for (const sentence of sentences) expect(JSON.parse(body).problems).toContain(sentence);
    expect(body).not.toContain("seventy-seven");
    expect(body).not.toContain("a-budget-of-lots");
  });

  it("is named in /admin/operations, and the budget it spoils spends nothing", async () => {
    const cookie = await signIn();
    const view = await loadOperations({ ...env, ...bad } as Env);
    expect(view.settingsProblems).toEqual(sentences);
    expect(view.ibm.budgetSeconds).toBe(0);
    const html = await (await fetchWith(bad, "/admin/operations", { cookie })).text();
    for (const sentence of sentences) expect(html).toContain(sentence.replace(/"/g, "&quot;"));
    expect(html).not.toContain("seventy-seven");
  });

  it("leaves the pages and the API that do not need it serving", async () => {
    expect((await fetchWith(bad, "/")).status).toBe(200);
    expect((await fetchWith(bad, "/api/stats")).status).toBe(200);
    expect((await fetchWith({ QUANTUM_PROVIDER: "dwave" }, "/privacy")).status).toBe(200);
  });
});
