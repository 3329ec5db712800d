/**
 * Issue 17, point 0: a misconfigured provider gives a clear 503 sentence and a health line that names what is
 * missing, never a room that cannot start (the constructor used to throw, so /ws and rings answered 500).
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { QUANTUM_NOT_CONFIGURED } from "~/domain/messages";
import { checkHealth } from "~/server/edge/health.server";
import { BellRoom } from "../../workers/bell-room/bell-room";
import { submit } from "../support/api";

const misconfigured = { ...env, QUANTUM_PROVIDER: "ibm", IBM_API_KEY: "", IBM_INSTANCE_CRN: "" } as Env;

describe("QUANTUM_PROVIDER=ibm without its secrets", () => {
  it("the room starts, still publishes to the relays, and answers a ring with a 503 sentence", async () => {
    await submit({ wish: "Patience for everyone waiting on a setting" });
    const stub = env.BELL_ROOM.get(env.BELL_ROOM.idFromName(`misconfigured-${crypto.randomUUID()}`));
    await runInDurableObject(stub, async (_instance, state) => {
      const room = new BellRoom(state, misconfigured);
      // The room answers with the refusal as data (a code and a message id), rendered by the Worker in the ringer's language.
      expect(await room.ring({ rungByHash: "h" })).toEqual({ ok: false, error: { status: 503, message: { id: QUANTUM_NOT_CONFIGURED }, code: "unavailable" } });
      expect(await room.ping()).toBe("ok");
      expect(await room.broadcast({ type: "presence", count: 0 })).toBe(2);
      await expect(room.credits()).rejects.toThrow(/IBM_API_KEY and IBM_INSTANCE_CRN are not set/);
    });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM wishes WHERE status = 'pending'").first<{ n: number }>()).toMatchObject({ n: expect.any(Number) });
  });

  it("the health report names the missing secrets, and only their names", async () => {
    const report = await checkHealth({ ...misconfigured, IBM_API_KEY: "a-real-looking-key-0123456789" });
    expect(report.quantum).toEqual({ provider: "ibm", ready: false, problem: 'QUANTUM_PROVIDER is "ibm" but IBM_INSTANCE_CRN is not set.' });
    expect(JSON.stringify(report)).not.toContain("a-real-looking-key");
    expect((await checkHealth(misconfigured)).quantum.problem).toMatch(/IBM_API_KEY and IBM_INSTANCE_CRN/);
    expect((await checkHealth({ ...env, QUANTUM_PROVIDER: "dwave" } as Env)).quantum).toMatchObject({ ready: false, problem: expect.stringMatching(/"simulator" or "ibm"/) });
    expect((await checkHealth(env)).quantum).toEqual({ provider: "simulator", ready: true });
    expect(report.redis.connected).toBe(true);
  });
});
