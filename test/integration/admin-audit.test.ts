import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "~/domain/limits";
import { RETENTION_DAYS } from "~/domain/retention";
import { sweepRetention } from "~/server/privacy/retention.server";
import { browserFetch as adminFetch, signIn, submit } from "../support/api";

// Issue 47: every admin action leaves one row in admin_audit (who, what, on what, when, the request id), shown on
// /admin/audit, kept for RETENTION_DAYS.adminAudit days and never changed (ADR 0112).

interface AuditRow {
  at: number;
  actor: string;
  action: string;
  target: string | null;
  outcome: string;
  request_id: string | null;
}

async function newestAudit(): Promise<AuditRow> {
  const row = await env.DB.prepare("SELECT at, actor, action, target, outcome, request_id FROM admin_audit ORDER BY id DESC LIMIT 1").first<AuditRow>();
  expect(row, "an audit row").toBeTruthy();
  return row!;
}

const auditCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM admin_audit").first<{ n: number }>())!.n;

describe("the admin audit trail", () => {
  it("records one row per admin action, with who, what, on what, when and the answer's request id", async () => {
    const before = Date.now();
    const cookie = await signIn();
    const signedIn = await newestAudit();
    expect(signedIn).toMatchObject({ action: "sign-in", target: null, actor: expect.stringMatching(/^password session [0-9a-f-]{8}$/) });
    const actor = signedIn.actor;

    const { json } = await submit();
    const wish = json.wishId;
    const ring = "01AUDITRING000000000000000";
    await env.DB.prepare("INSERT INTO bell_rings (id, created_at, provider, status, wishes_held) VALUES (?, ?, 'ibm', 'failed', 1)").bind(ring, Date.now()).run();
    await env.DB.prepare("INSERT INTO contact_messages (id, email, message, created_at) VALUES ('audit-message', 'writer@example.org', 'Hello', ?)").bind(Date.now()).run();
    const subscriber = "reader@example.org";
    await env.DB.prepare("INSERT INTO newsletter_subscribers (email, token, confirmed_at, created_at) VALUES (?, 'audit-token', ?, ?)").bind(subscriber, Date.now(), Date.now()).run();

    const actions: [path: string, form: Record<string, string> | null, action: string, target: string | RegExp | null][] = [
      ["/admin?index", { intent: "top-up", seconds: "50" }, "dashboard: top-up", null],
      ["/admin?index", { intent: "retry-ring", ringId: ring }, "dashboard: retry-ring", `ring ${ring}`],
      ["/admin?index", { intent: "release-held", ringId: ring }, "dashboard: release-held", `ring ${ring}`],
      ["/admin/moderation", { intent: "hide", id: wish }, "moderation: hide", `wish ${wish}`],
      ["/admin/moderation", { intent: "unhide", id: wish }, "moderation: unhide", `wish ${wish}`],
      ["/admin/moderation", { intent: "delete", id: wish, confirm: "yes" }, "moderation: delete", `wish ${wish}`],
      ["/admin/outbox", { intent: "deliver" }, "outbox: deliver", null],
      ["/admin/messages", { intent: "read", id: "audit-message" }, "messages: read", "message audit-message"],
      ["/admin/messages", { intent: "unread", id: "audit-message" }, "messages: unread", "message audit-message"],
      ["/admin/messages", { intent: "keep", id: "audit-message" }, "messages: keep", "message audit-message"],
      ["/admin/messages", { intent: "release", id: "audit-message" }, "messages: release", "message audit-message"],
      ["/admin/messages", { intent: "delete", id: "audit-message", confirm: "yes" }, "messages: delete", "message audit-message"],
      ["/admin/subscribers.csv", null, "subscribers: export", "subscribers CSV"],
      ["/admin/subscribers", { intent: "delete", email: subscriber, confirm: "yes" }, "subscribers: delete", /^address #[0-9a-f]{12}$/],
      ["/admin/subscribers", { intent: "erase", email: subscriber, confirm: "yes" }, "subscribers: erase", /^address #[0-9a-f]{12}$/],
    ];
    for (const [path, form, action, target] of actions) {
      const count = await auditCount();
      const response = await adminFetch(path, { cookie, ...(form ? { form } : {}) });
      expect(response.status, `${action} answered`).toBeLessThan(500);
      expect(await auditCount(), `one row for ${action}`).toBe(count + 1);
      const row = await newestAudit();
      expect(row, action).toMatchObject({ actor, action, request_id: response.headers.get("x-request-id") });
      if (target instanceof RegExp) expect(row.target).toMatch(target);
      else expect(row.target).toBe(target);
      expect(row.at).toBeGreaterThanOrEqual(before);
      expect(row.outcome.length).toBeGreaterThan(0);
    }
    // A refusal by the rules is recorded as such.
    await adminFetch("/admin/moderation", { cookie, form: { intent: "delete", id: wish } });
    expect((await newestAudit()).outcome).toMatch(/^refused \(400\): Tick "Delete for good"/);

    const signOut = await adminFetch("/admin/logout", { cookie, form: {} });
    expect(signOut.status).toBe(302);
    expect(await newestAudit()).toMatchObject({ actor, action: "sign-out", request_id: signOut.headers.get("x-request-id") });

    // No address is kept by the trail, not even the one it records erasing.
    const all = JSON.stringify((await env.DB.prepare("SELECT * FROM admin_audit").all()).results);
    expect(all).not.toContain(subscriber);
    expect(all).not.toContain("writer@example.org");
  });

  it("shows the trail on /admin/audit, read only, behind the sign-in", async () => {
    expect((await adminFetch("/admin/audit")).status).toBe(302);
    const cookie = await signIn();
    await adminFetch("/admin/moderation", { cookie, form: { intent: "hide", id: "no-such-wish" } });
    const page = await adminFetch("/admin/audit", { cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<h1>Audit trail</h1>");
    expect(html).toContain("moderation: hide");
    expect(html).toContain("wish no-such-wish");
    expect(html).toContain(`deleted ${RETENTION_DAYS.adminAudit} days after`);
    expect(html).not.toMatch(/<form[^>]*method="post"[^>]*action="\/admin\/audit/i);
    // Nothing on the site takes a POST to the trail.
    expect((await adminFetch("/admin/audit", { cookie, form: { intent: "delete" } })).status).toBe(405);
  });

  it("refuses to change a row, and the retention sweep deletes rows past their period", async () => {
    await env.DB.prepare("INSERT INTO admin_audit (at, actor, action, outcome) VALUES (?, 'old', 'sign-in', 'x'), (?, 'new', 'sign-in', 'x')")
      .bind(Date.now() - (RETENTION_DAYS.adminAudit + 1) * DAY_MS, Date.now() - (RETENTION_DAYS.adminAudit - 1) * DAY_MS)
      .run();
    await expect(env.DB.prepare("UPDATE admin_audit SET actor = 'someone else' WHERE actor = 'old'").run()).rejects.toThrow(/never changed/);
    const report = await sweepRetention(env);
    expect(report.adminAudit).toBeGreaterThanOrEqual(1);
    const actors = (await env.DB.prepare("SELECT actor FROM admin_audit WHERE actor IN ('old', 'new')").all<{ actor: string }>()).results.map((row) => row.actor);
    expect(actors).toEqual(["new"]);
  });
});
