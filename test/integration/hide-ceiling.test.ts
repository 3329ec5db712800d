import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AUTO_HIDE_NETWORK_PER_HOUR, AUTO_HIDE_SITE_PER_HOUR } from "~/domain/admin";
import { HOUR_MS } from "~/domain/limits";
import { safetySignals } from "~/server/admin/safety-signals.server";
import { browserFetch as adminFetch, call, freshFingerprint, signIn, submit } from "../support/api";
import { knownNetwork } from "../support/networks";

const report = (wishId: string, ip: string) => call(`/api/wishes/${wishId}/report`, { body: { deviceFingerprint: freshFingerprint(), reason: "campaign" }, ip });

async function wishes(count: number, label: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await submit({ wish: `May the ${label} harbour number ${i + 1} stay calm` })).json.wishId);
  return ids;
}

const hiddenAmong = async (ids: string[]) =>
  (await env.DB.prepare(`SELECT id FROM wishes WHERE hidden = 1 AND id IN (${ids.map(() => "?").join(", ")})`).bind(...ids).all<{ id: string }>()).results
    .map((row) => row.id)
    .sort();
const sorted = (ids: string[]) => [...ids].sort();

describe("hiding at a human pace (ADR 0102)", () => {
  it("three networks known for a day hide a few wishes an hour, not fifteen: the rest stay visible, queued, and /admin says so", async () => {
    const reporters = [await knownNetwork(), await knownNetwork(), await knownNetwork()];
    const targets = await wishes(15, "northern");
    for (const id of targets) for (const ip of reporters) expect((await report(id, ip)).status).toBe(200);

    const hidden = await hiddenAmong(targets);
    expect(hidden).toEqual(sorted(targets.slice(0, AUTO_HIDE_NETWORK_PER_HOUR)));
    const held = targets.slice(AUTO_HIDE_NETWORK_PER_HOUR);
    // Each report was still stored and counted; the wish stays public and waits in the moderators' queue.
    for (const id of held) {
      expect((await call(`/api/wishes/${id}`)).status).toBe(200);
      expect((await env.DB.prepare("SELECT report_count AS n FROM wishes WHERE id = ?").bind(id).first<{ n: number }>())?.n).toBe(3);
    }
    const cookie = await signIn();
    const queue = await (await adminFetch("/admin/moderation", { cookie })).text();
    for (const id of held) expect(queue).toContain(id);

    const signals = await safetySignals(env);
    expect(signals).toMatchObject({ heldForReview: held.length, hideCeilingAlert: true });
    const dashboard = await (await adminFetch("/admin", { cookie })).text();
    expect(dashboard).toContain("Reports reached the ceiling on hiding");

    // A moderator looks: unhiding one of the hidden wishes frees its place, and the next counted report hides.
    expect((await adminFetch("/admin/moderation", { form: { intent: "unhide", id: hidden[0]! }, cookie })).status).toBe(200);
    expect((await report(held[0]!, await knownNetwork())).status).toBe(200);
    expect(await hiddenAmong([held[0]!])).toEqual([held[0]]);
  });

  it(`hides at most ${AUTO_HIDE_SITE_PER_HOUR} wishes an hour across the site, however many networks report`, async () => {
    // The first test's hides are moved out of the hour.
    await env.DB.prepare("UPDATE wishes SET auto_hidden_at = auto_hidden_at - ? WHERE auto_hidden_at IS NOT NULL").bind(2 * HOUR_MS).run();
    const groups = Math.ceil((AUTO_HIDE_SITE_PER_HOUR + 2) / AUTO_HIDE_NETWORK_PER_HOUR);
    const targets: string[] = [];
    for (let group = 0; group < groups; group += 1) {
      const reporters = [await knownNetwork(), await knownNetwork(), await knownNetwork()];
      const ids = await wishes(AUTO_HIDE_NETWORK_PER_HOUR, `group ${group + 1}`);
      for (const id of ids) for (const ip of reporters) expect((await report(id, ip)).status).toBe(200);
      targets.push(...ids);
    }
    expect(targets.length).toBeGreaterThan(AUTO_HIDE_SITE_PER_HOUR);
    expect(await hiddenAmong(targets)).toEqual(sorted(targets.slice(0, AUTO_HIDE_SITE_PER_HOUR)));
    expect((await safetySignals(env)).hideCeilingAlert).toBe(true);
  });
});
