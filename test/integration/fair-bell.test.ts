import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { RING_DRAW_WINDOW_MS } from "~/domain/fair-bell";
import { RING_COOLDOWN_SECONDS, RING_NETWORK_RINGS_PER_HOUR } from "~/domain/limits";
import { networkKey } from "~/domain/network";
import { privateHash } from "~/server/edge/hashing.server";
import { bellRoom } from "~/server/edge/bell-room-client.server";
import { call, freshFingerprint, freshIp, submit } from "../support/api";
import { readyBell } from "../support/bell";

type RingAnswer = { success?: boolean; bellRingId?: string; code?: string; retryAfter?: number; data?: { batches: { wishIds: string[] }[] } };

const press = (ip: string) => call<RingAnswer>("/api/bell/ring", { body: { deviceFingerprint: freshFingerprint() }, ip });
const count = async (sql: string, ...values: unknown[]) => (await env.DB.prepare(sql).bind(...values).first<{ n: number }>())!.n;

/** Rings this network won earlier: `ago` milliseconds before now, one a minute before that for each further ring. */
async function rangBefore(ip: string, ago: number, rings = 1): Promise<void> {
  const network = await privateHash(env.HASH_SECRET, "ip", networkKey(ip));
  const insert = env.DB.prepare("INSERT INTO bell_rings (id, created_at, virtual, rung_by_network, provider, status) VALUES (?, ?, 0, ?, 'simulator', 'completed')");
  await env.DB.batch(Array.from({ length: rings }, (_, i) => insert.bind(`test-earlier-${crypto.randomUUID()}`, Date.now() - ago - i * 60_000, network)));
}

/** The shared cooldown of a ring 20 s ago ends now: the presses below arrive at its end. */
async function cooldownEndsNow(): Promise<void> {
  await runInDurableObject(bellRoom(env), async (_instance, state) => {
    await state.storage.put("lastRingAt", Date.now() - RING_COOLDOWN_SECONDS * 1000);
  });
}

beforeEach(async () => {
  await readyBell();
  await env.DB.prepare("UPDATE wishes SET status = 'entangled' WHERE status IN ('pending', 'submitted_for_batching')").run();
  for (let i = 0; i < 8; i += 1) await submit({ wish: `Peace for the river towns, wish ${i + 1} of eight` });
});

describe("the bell at the end of its cooldown (ADR 0101)", () => {
  it("draws among six scripted presses at the instant and a visitor's half a second later: the visitor's network waited longest, one ring, one credit", async () => {
    const scripts = Array.from({ length: 6 }, () => freshIp());
    // Each scripted network has rung before (three minutes ago: past its own cooldown, inside its hourly rings).
    for (const ip of scripts) await rangBefore(ip, 3 * 60_000);
    const visitor = freshIp();
    const ringsBefore = await count("SELECT COUNT(*) AS n FROM bell_rings");
    const ledgerBefore = await count("SELECT COUNT(*) AS n FROM credit_ledger");
    const credits = await call<{ seconds: number }>("/api/quantum-credits-remaining");

    await cooldownEndsNow();
    const scripted = Promise.all(scripts.map(press));
    // The scenario's own timing, not a wait for a state: a person presses half a second after the scripts.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [visitorAnswer, scriptAnswers] = await Promise.all([press(visitor), scripted]);

    expect(visitorAnswer.status).toBe(200);
    expect(visitorAnswer.json.data?.batches[0]?.wishIds).toHaveLength(5);
    for (const answer of scriptAnswers) {
      // The answer of a bell someone else rang, in its documented shape: 429, cooldown, the full wait.
      expect(answer.status).toBe(429);
      expect(answer.json).toMatchObject({ code: "cooldown", retryAfter: RING_COOLDOWN_SECONDS });
    }
    expect(await count("SELECT COUNT(*) AS n FROM bell_rings") - ringsBefore).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM wishes WHERE bell_ring_id = ?", visitorAnswer.json.bellRingId)).toBe(5);

    // The ring completes and is charged once.
    expect(await runDurableObjectAlarm(bellRoom(env))).toBe(true);
    expect(await count("SELECT COUNT(*) AS n FROM credit_ledger") - ledgerBefore).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM credit_ledger WHERE ring_id = ?", visitorAnswer.json.bellRingId)).toBe(1);
    expect((await call<{ seconds: number }>("/api/quantum-credits-remaining")).json.seconds).toBe(credits.json.seconds - 1);
  });

  it("holds presses made before the window closes until the draw, and answers each one once", async () => {
    await cooldownEndsNow();
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 5 }, () => press(freshIp())));
    // Nobody rang before the window closed: the earliest press did not simply win.
    expect(Date.now() - started).toBeGreaterThanOrEqual(RING_DRAW_WINDOW_MS - 100);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 429 && answer.json.code === "cooldown")).toHaveLength(4);
    // The next press is inside the new cooldown.
    expect((await press(freshIp())).json.code).toBe("cooldown");
  });

  it("passes over a drawn network that has had its rings this hour and rings for the next", async () => {
    const spent = freshIp();
    // Its last ring was 54 minutes ago, so it waited longest, but it rang its hourly share within the hour.
    await rangBefore(spent, 59 * 60_000 - (RING_NETWORK_RINGS_PER_HOUR - 1) * 60_000, RING_NETWORK_RINGS_PER_HOUR);
    const next = freshIp();
    await rangBefore(next, 5 * 60_000);
    await cooldownEndsNow();
    const [spentAnswer, nextAnswer] = await Promise.all([press(spent), press(next)]);
    expect(spentAnswer.status).toBe(429);
    expect(spentAnswer.json.code).toBe("rate_limited");
    expect(nextAnswer.status).toBe(200);
  });
});
