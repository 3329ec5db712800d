import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { ReceivedHook } from "../fakes/webhook-server";
import { builtWorker as worker } from "../support/build";

// ALERT_WEBHOOK_URL points at the stand-in webhook and OPERATOR_CONTACT is an address (vitest.reporting.config.ts): the
// built Worker's cron checks the site as /healthz does after each run and posts over real HTTP, and queues a mail.
const standIn = env.WEBHOOK_FAKE_URL!;

async function received(): Promise<ReceivedHook[]> {
  return (await (await fetch(`${standIn}/__received`)).json()) as ReceivedHook[];
}

async function cronRun(): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function healthzStatus(): Promise<number> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request("http://localhost/healthz") as Parameters<typeof worker.fetch>[0], env, ctx);
  await waitOnExecutionContext(ctx);
  return response.status;
}

async function alertMails(): Promise<{ subject: string; body: string; to_address: string }[]> {
  const { results } = await env.DB.prepare("SELECT subject, body, to_address FROM outbox WHERE kind = 'operator-alert' ORDER BY created_at, id").all();
  return results as { subject: string; body: string; to_address: string }[];
}

const HELD_RING = "01HELDRING0000000000000000";

beforeEach(async () => {
  await fetch(`${standIn}/__received`, { method: "DELETE" });
});

describe("the operator alert, as deployed with ALERT_WEBHOOK_URL and an operator's address", () => {
  it("posts an incident once, the recovery once, and nothing for a new incident within the interval", async () => {
    await cronRun();
    expect(await healthzStatus()).toBe(200);
    expect(await received()).toEqual([]);

    // A ring given up while its job might still run: /healthz is unhealthy until the operator releases its wishes.
    await env.DB.prepare("INSERT INTO bell_rings (id, created_at, provider, status, wishes_held) VALUES (?, ?, 'ibm', 'failed', 1)").bind(HELD_RING, Date.now()).run();
    await cronRun();
    expect(await healthzStatus()).toBe(503);
    await cronRun();
    const incident = await received();
    expect(incident).toHaveLength(1);
    expect(incident[0]!.contentType).toBe("application/json");
    expect(incident[0]!.body).toMatchObject({ status: "unhealthy", title: "Quantum Bell is unhealthy" });
    // Slack reads `text`, Discord `content`: both carry the problem.
    for (const field of ["text", "content"] as const) expect(incident[0]!.body[field]).toContain("1 ring holds its wishes for the operator");

    await env.DB.prepare("UPDATE bell_rings SET wishes_held = 0 WHERE id = ?").bind(HELD_RING).run();
    await cronRun();
    await cronRun();
    const afterRecovery = await received();
    expect(afterRecovery).toHaveLength(2);
    expect(afterRecovery[1]!.body).toMatchObject({ status: "healthy", title: "Quantum Bell has recovered", problems: [] });

    // Flapping: a new incident right after the recovery waits for the interval (ALERT_MIN_INTERVAL_MS).
    await env.DB.prepare("UPDATE bell_rings SET wishes_held = 1 WHERE id = ?").bind(HELD_RING).run();
    await cronRun();
    expect(await received()).toHaveLength(2);

    const mails = await alertMails();
    expect(mails.map((mail) => mail.subject)).toEqual(["Quantum Bell is unhealthy", "Quantum Bell has recovered"]);
    expect(mails.every((mail) => mail.to_address === env.OPERATOR_CONTACT)).toBe(true);
    expect(mails[0]!.body).toContain("/admin/operations");
  });
});
