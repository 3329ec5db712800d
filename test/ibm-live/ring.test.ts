/**
 * Issue 17, point 0: the IBM path as production runs it. The Worker is configured with QUANTUM_PROVIDER=ibm
 * (vitest.ibm.config.ts) and calls the fake IBM service over real HTTP with workerd's own fetch; nothing is
 * injected. (vitest-pool-workers wraps the global fetch, so the "Illegal invocation" of a fetch handed over as a
 * value shows only under wrangler dev: test/e2e/ibm.e2e.ts is the test that fails on it.)
 */
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { RoomMessage } from "~/domain/room-messages";
import { bellRoom } from "~/server/edge/bell-room-client.server";
import { call, submit } from "../support/api";

const fake = (path: string, init?: RequestInit) => fetch(`${env.IBM_FAKE_URL}${path}`, init);

async function resetFake(scenario: Record<string, unknown> = {}) {
  const response = await fake("/__fake/reset", { method: "POST", body: JSON.stringify(scenario), headers: { "Content-Type": "application/json" } });
  expect(response.status).toBeLessThan(300);
  await response.body?.cancel();
}

interface FakeState {
  calls: { method: string; path: string; headers: Record<string, string>; body: string }[];
  jobs: { id: string; backend: string; tags?: string[]; status?: string }[];
}
const fakeState = async () => (await (await fake("/__fake/state")).json()) as FakeState;

/** Makes every unfinished ring due now and lets the BellRoom advance them, as the cron and its alarm do. */
async function pollNow() {
  await env.DB.prepare("UPDATE bell_rings SET next_attempt_at = 0 WHERE status IN ('queued', 'running') OR usage_final = 0").run();
  await bellRoom(env).poll();
}

beforeEach(async () => {
  await resetFake();
  await runInDurableObject(bellRoom(env), async (_instance, state) => {
    await state.storage.delete("lastRingAt");
    await state.storage.deleteAlarm();
  });
  await env.DB.prepare("UPDATE wishes SET status = 'entangled' WHERE status IN ('pending', 'submitted_for_batching')").run();
});

describe("the Worker with QUANTUM_PROVIDER=ibm, over real HTTP", () => {
  it("reads the instance's credits from IBM", async () => {
    const { status, json } = await call("/api/quantum-credits-remaining");
    expect(status).toBe(200);
    expect(json).toMatchObject({ success: true, instanceId: "ibm-quantum", seconds: expect.any(Number) });
    const { calls } = await fakeState();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(expect.arrayContaining(["POST /identity/token", "GET /instances/usage"]));
  });

  it("rings: press → IBM job → batch-update completed → the result on /bell/{id}", async () => {
    const socket = (await exports.default.fetch("http://localhost/ws", { headers: { Upgrade: "websocket" } })).webSocket!;
    socket.accept();
    const inbox: RoomMessage[] = [];
    socket.addEventListener("message", (event) => inbox.push(JSON.parse(String(event.data)) as RoomMessage));

    const ids: string[] = [];
    for (const wish of ["Peace for every harbour town tonight", "Clean water for every village well", "Kindness between old neighbours"]) {
      ids.push((await submit({ wish })).json.wishId as string);
    }
    const { status, json } = await call<{ bellRingId: string }>("/api/bell/ring", { body: { wishIds: ids, deviceFingerprint: "ibm_live_test_device_0001" } });
    expect(status).toBe(200);
    const ringId = json.bellRingId;

    await expect.poll(async () => (await fakeState()).jobs.length).toBe(1);
    const [job] = (await fakeState()).jobs;
    expect(job.tags).toEqual(expect.arrayContaining([`ring:${ringId}`]));
    const created = (await fakeState()).calls.find((c) => c.method === "POST" && c.path === "/jobs")!;
    expect(created.headers["ibm-api-version"]).toBe("2026-04-15");
    expect(created.headers["service-crn"]).toBe(env.IBM_INSTANCE_CRN);

    for (let i = 0; i < 10 && !inbox.some((m) => m.type === "batch-update" && m.subType === "completed"); i += 1) await pollNow();
    const done = inbox.find((m): m is Extract<RoomMessage, { type: "batch-update"; subType: "completed" }> => m.type === "batch-update" && m.subType === "completed");
    expect(done).toMatchObject({ bellRingId: ringId, data: { result: { quantumResult: expect.stringMatching(/^[01]{3}$/), poem: expect.any(String) } } });

    const row = await env.DB.prepare("SELECT provider, backend, status, qasm, physical_qubits, queue_seconds, run_seconds FROM bell_rings WHERE id = ?")
      .bind(ringId)
      .first<Record<string, string | number | null>>();
    expect(row).toMatchObject({ provider: "ibm", backend: job.backend, status: "completed" });
    expect(row?.qasm).toMatch(/^OPENQASM 3\.0;/);
    expect(JSON.parse(String(row?.physical_qubits))).toHaveLength(3);

    const page = await exports.default.fetch(`http://localhost/bell/${ringId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(done!.data.result.quantumResult);
    expect(html).toContain(job.backend);
    socket.close(1000);
  });
});
