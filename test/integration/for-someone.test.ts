import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { ringVerse } from "~/domain/verse/verse";
import { bellRoom } from "~/server/edge/bell-room-client.server";
import { verseSources } from "~/server/rings/verse.server";
import { browserFetch, call, freshFingerprint, freshIp, validWish } from "../support/api";
import { readyBell } from "../support/bell";

// Issue 36, "ring a bell for someone": a wish written for a named person gets an unguessable personal page,
// /for/{token}, that shows the wish, then its ring; moderation, withdrawal and hiding apply to it as to the wish.

beforeEach(async () => {
  await readyBell();
  await env.DB.prepare("UPDATE wishes SET status = 'entangled' WHERE status IN ('pending', 'submitted_for_batching')").run();
  await env.DB.prepare("UPDATE bell_rings SET status = 'completed' WHERE status IN ('queued', 'running')").run();
});

async function wishFor(forName: string, overrides: Record<string, unknown> = {}) {
  const deviceFingerprint = freshFingerprint();
  const answer = await call<{ wishId: string; forPath?: string; error?: string; field?: string }>("/api/wishes", {
    body: validWish({ wish: "May your mornings be quiet and your nights safe", name: "Alex", forName, deviceFingerprint, ...overrides }),
  });
  return { ...answer, deviceFingerprint };
}

const page = async (path: string) => {
  const response = await browserFetch(path);
  return { status: response.status, headers: response.headers, html: await response.text() };
};

describe("a wish for someone", () => {
  it("gets a personal page, told only to its writer, that shows the ring once it rings", async () => {
    const { status, json } = await wishFor("Maria");
    expect(status).toBe(201);
    expect(json.forPath).toMatch(/^\/for\/[A-Za-z0-9_-]{22}$/);
    const token = json.forPath!.split("/").pop()!;

    const waiting = await page(json.forPath!);
    expect(waiting.status).toBe(200);
    expect(waiting.html).toContain("For <bdi>Maria</bdi>");
    expect(waiting.html).toContain("<bdi>Alex</bdi> wished this for you");
    expect(waiting.html).toContain("May your mornings be quiet and your nights safe");
    expect(waiting.html).toContain("It waits with wishes from around the world");
    expect(waiting.html).toContain('content="noindex');
    expect(waiting.headers.get("Cache-Control")).toBe("private, no-store");

    // Nothing public names the person or the token.
    const publicWish = await call(`/api/wishes/${json.wishId}`);
    expect(JSON.stringify(publicWish.json)).not.toContain("Maria");
    expect(JSON.stringify(publicWish.json)).not.toContain(token);
    const wall = await call("/api/wishes/wall?pageSize=50");
    expect(JSON.stringify(wall.json)).not.toContain(token);

    const ring = await call<{ bellRingId: string }>("/api/bell/ring", { body: { deviceFingerprint: freshFingerprint(), wishIds: [json.wishId] } });
    expect(ring.status).toBe(200);
    expect(await runDurableObjectAlarm(bellRoom(env))).toBe(true);
    const source = (await verseSources(env, [ring.json.bellRingId])).get(ring.json.bellRingId)!;
    const rung = await page(json.forPath!);
    expect(rung.html).toContain("The bell has rung with this wish");
    // The ring's whole verse (ADR 0091), in the page's language.
    for (const line of ringVerse(source, "en")!) expect(rung.html).toContain(line.replaceAll("'", "&#x27;"));
    expect(rung.html).toContain(`/bell/${ring.json.bellRingId}`);

    // In French under the French prefix.
    const french = await page(`/fr${json.forPath}`);
    expect(french.html).toContain("Pour <bdi>Maria</bdi>");
    expect(french.html).toContain("<bdi>Alex</bdi> a fait ce vœu pour vous");
    for (const line of ringVerse(source, "fr")!) expect(french.html).toContain(line.replaceAll("'", "&#x27;"));
  });

  it("is moderated like any name, and a wish without one has no page", async () => {
    const refused = await wishFor("visit https://spam.example.com now");
    expect(refused.status).toBe(400);
    expect(refused.json.field).toBe("forName");
    const plain = await call<{ wishId: string; forPath?: string }>("/api/wishes", { body: validWish() });
    expect(plain.status).toBe(201);
    expect(plain.json.forPath).toBeUndefined();
  });

  it("goes away when the wish is hidden or withdrawn, and a made-up token finds nothing", async () => {
    const hidden = await wishFor("Sam");
    await env.DB.prepare("UPDATE wishes SET hidden = 1 WHERE id = ?").bind(hidden.json.wishId).run();
    expect((await page(hidden.json.forPath!)).status).toBe(404);

    const withdrawn = await wishFor("Lea");
    expect((await call(`/api/wishes/${withdrawn.json.wishId}`, { method: "DELETE", body: { deviceFingerprint: withdrawn.deviceFingerprint } })).status).toBe(200);
    expect((await page(withdrawn.json.forPath!)).status).toBe(404);

    expect((await page("/for/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await page("/for/short")).status).toBe(404);
  });

  it("hands its link to a writer without JavaScript too", async () => {
    const posted = await browserFetch("/?index", { form: { wish: "May the long winter end in a warm spring", forName: "Nadia" }, ip: freshIp() });
    expect(posted.status).toBe(302);
    const location = posted.headers.get("Location")!;
    expect(location).toMatch(/[?&]for=[A-Za-z0-9_-]{22}/);
    const token = new URL(location, "http://localhost").searchParams.get("for")!;
    const home = await page(location.replace(/#.*$/, ""));
    expect(home.html).toContain("Your wish for Nadia is on its way");
    expect(home.html).toContain(`http://localhost/for/${token}`);
  });
});
