import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { builtWorker as worker } from "../support/build";
import { mailboxHash } from "~/server/email/mail-stop.server";
import { browserFetch, call, freshFingerprint, signIn, submit, validWish } from "../support/api";
import { capturingLogs, uncaught } from "../support/failures";

// /privacy's promises that are not retention bounds (those: retention.test.ts): the author's address shown to no one,
// a withdrawn wish's mail gone with it, and a private page's token in no log line.

async function until<T>(read: () => Promise<T | null | undefined>): Promise<T> {
  for (;;) {
    const value = await read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// The outbox keys a visitor mail by its inbox's hash (outbox.recipient, ADR 0104), not by the address.
const mailFor = async (address: string) =>
  env.DB.prepare("SELECT id, kind, status FROM outbox WHERE recipient = ? ORDER BY id")
    .bind(await mailboxHash(env, address))
    .all<{ id: string; kind: string; status: string }>();

describe("the author's e-mail address", () => {
  it("appears in no moderation view (the queue, the look-up by id, their data), and the outbox shows only its domain", async () => {
    const cookie = await signIn();
    const email = `author-${crypto.randomUUID()}@example.org`;
    const { json } = await submit({ wish: "May the lighthouse keepers sleep well tonight", name: "Ines", email });
    expect((await browserFetch("/admin/moderation", { form: { intent: "hide", id: json.wishId }, cookie })).status).toBe(200);
    for (const path of ["/admin/moderation", `/admin/moderation?id=${json.wishId}`, "/admin/moderation.data", `/admin/moderation.data?id=${json.wishId}`]) {
      const body = await (await browserFetch(path, { cookie })).text();
      expect(body, path).toContain("May the lighthouse keepers sleep well tonight");
      expect(body, path).not.toContain(email);
      expect(body, path).not.toContain("@example.org");
    }
    // The copy waits in the outbox (no mailer here): the operator sees that it exists, not to whom.
    await until(async () => (await mailFor(email)).results[0]);
    for (const path of ["/admin/outbox", "/admin/outbox.data"]) {
      const body = await (await browserFetch(path, { cookie })).text();
      expect(body, path).toContain("…@example.org");
      expect(body, path).not.toContain(email);
    }
  });
});

describe("withdrawing a wish", () => {
  it("removes its mail from the outbox: the copy waiting to go, and any other mail about it", async () => {
    const deviceFingerprint = freshFingerprint();
    const email = `withdraw-${crypto.randomUUID()}@example.org`;
    const { json } = await call<{ wishId: string }>("/api/wishes", {
      body: validWish({ wish: "May the night trains carry everyone safely home", name: "Tomas", email, deviceFingerprint }),
    });
    // No mailer is configured here, so the copy waits in the outbox with the text, the name and the address.
    const copy = await until(async () => (await mailFor(email)).results[0]);
    expect(copy.kind).toBe("wish-copy");
    const other = `other-${crypto.randomUUID()}@example.org`;
    await submit({ wish: "May the harbours stay open to every boat", email: other });
    await until(async () => (await mailFor(other)).results[0]);

    expect((await call(`/api/wishes/${json.wishId}`, { method: "DELETE", body: { deviceFingerprint } })).status).toBe(200);
    expect((await mailFor(email)).results).toEqual([]);
    const body = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE body LIKE '%night trains%'").first<{ n: number }>();
    expect(body!.n).toBe(0);
    expect((await mailFor(other)).results).toHaveLength(1);
  });

  it("by the operator removes its mail too", async () => {
    const cookie = await signIn();
    const email = `operator-${crypto.randomUUID()}@example.org`;
    const { json } = await submit({ wish: "May the old bridges hold for one more winter", email });
    await until(async () => (await mailFor(email)).results[0]);
    const deleted = await browserFetch("/admin/moderation", { form: { intent: "delete", id: json.wishId, confirm: "yes" }, cookie });
    expect(await deleted.text()).toContain(`Wish ${json.wishId} is deleted.`);
    expect((await mailFor(email)).results).toEqual([]);
  });
});

async function page(path: string, dbOverride?: D1Database) {
  const ctx = createExecutionContext();
  const request = new Request(`http://localhost${path}`, { headers: { "cf-ray": `7c${Date.now().toString(16)}-AMS` } });
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], dbOverride ? { ...env, DB: dbOverride } : env, ctx);
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return response;
}

const throwingDb = new Proxy({} as D1Database, {
  get: () => () => {
    throw new Error("the database is away");
  },
});

describe("a private /for/ page's token", () => {
  it("is in no log line: the request's own line, in any language, and an error's report", async () => {
    const { json } = await call<{ forPath: string }>("/api/wishes", {
      body: validWish({ wish: "May your garden be full of bees and your days of light", forName: "Noor" }),
    });
    const token = json.forPath.split("/").pop()!;
    const { result, raw, lines } = await capturingLogs(async () => [await page(json.forPath), await page(`/es${json.forPath}`), await page(json.forPath, throwingDb)]);
    expect(result.map((response) => response.status)).toEqual([200, 200, 500]);
    expect(raw.length).toBeGreaterThan(0);
    for (const line of raw) expect(line).not.toContain(token);
    expect(lines.filter((line) => line.message === "request").map((line) => line.route)).toEqual(["/for/[token]", "/es/for/[token]", "/for/[token]"]);
    expect(uncaught(lines)[0]).toMatchObject({ route: "/for/[token]" });
  });
});
