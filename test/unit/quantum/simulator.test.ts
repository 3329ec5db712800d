import { describe, it, expect } from "vitest";
import { buildCircuit } from "../../../app/domain/circuit";
import { createSimulatorProvider, SIMULATOR_BACKEND } from "../../../workers/quantum/simulator";
import { probabilities } from "../../../workers/quantum/state-vector";
import type { JobStatus, RingBatch } from "../../../workers/quantum/types";

const texts = [
  "peace on earth, for everyone",
  "clean water for every village",
  "kindness between neighbours",
  "an end to every war",
  "safe homes for refugees",
];
const batchOf = (ringId: string, size: number): RingBatch => ({
  ringId,
  wishes: texts.slice(0, size).map((text, i) => ({ id: `w${i}`, text })),
});
const provider = createSimulatorProvider({ remainingSeconds: async () => 412 });

async function run(batch: RingBatch): Promise<Extract<JobStatus, { state: "completed" }>> {
  const status = await provider.poll(await provider.submit(batch));
  if (status.state !== "completed") throw new Error(`expected completed, got ${status.state}`);
  return status;
}

describe("simulator provider", () => {
  it("answers with its backend name and a completed job of 100 shots", async () => {
    const job = await provider.submit(batchOf("01HZX3RING0000000000000001", 3));
    expect(job).toMatchObject({ provider: "simulator", backend: SIMULATOR_BACKEND });
    const status = await provider.poll(job);
    expect(status.state).toBe("completed");
    if (status.state !== "completed") return;
    expect(Object.values(status.counts).reduce((a, b) => a + b, 0)).toBe(100);
    expect(status.usageSeconds).toBe(1);
    for (const bits of Object.keys(status.counts)) expect(bits).toMatch(/^[01]{3}$/);
  });

  it("reports the most frequent outcome as the bit string", async () => {
    const status = await run(batchOf("ring-most-frequent", 4));
    const highest = Math.max(...Object.values(status.counts));
    expect(status.counts[status.bitstring]).toBe(highest);
  });

  it("is deterministic: the same ring gives the same job and counts", async () => {
    const first = await provider.submit(batchOf("ring-same", 5));
    const second = await provider.submit(batchOf("ring-same", 5));
    expect(second).toEqual(first);
    expect(await provider.poll(second)).toEqual(await provider.poll(first));
  });

  it("gives different rings generally different counts", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => run(batchOf(`ring-${i}`, 4))));
    const distinct = new Set(results.map((r) => JSON.stringify(Object.entries(r.counts).sort())));
    expect(distinct.size).toBeGreaterThanOrEqual(9);
  });

  it("only reports outcomes the circuit can produce, near their exact probabilities", async () => {
    const batch = batchOf("ring-exact", 3);
    const exact = probabilities(await buildCircuit(batch));
    const { counts } = await run(batch);
    for (const bits of Object.keys(counts)) expect(exact[bits]).toBeGreaterThan(0);
    const distance =
      Object.keys(exact).reduce((sum, bits) => sum + Math.abs((counts[bits] ?? 0) / 100 - exact[bits]), 0) / 2;
    expect(distance).toBeLessThan(0.2);
  });

  it("can poll a job again from its id alone", async () => {
    const job = await provider.submit(batchOf("ring-restart", 2));
    const fresh = createSimulatorProvider({ remainingSeconds: async () => 0 });
    expect(await fresh.poll({ ...job })).toEqual(await provider.poll(job));
  });

  it("fails without retry for a job id it did not make", async () => {
    expect(
      await provider.poll({ provider: "simulator", jobId: "sim:ring:nonsense", backend: SIMULATOR_BACKEND }),
    ).toMatchObject({
      state: "failed",
      retryable: false,
    });
    expect(await provider.poll({ provider: "ibm", jobId: "d0rt3k8rv9f0008g4yq0", backend: "ibm_fez" })).toMatchObject({
      state: "failed",
      retryable: false,
    });
  });

  it("reports the remaining seconds from the credit ledger", async () => {
    expect(await provider.remaining()).toEqual({ seconds: 412 });
  });

  it("refuses an oversized batch without suggesting a retry", async () => {
    const six = { ringId: "r", wishes: [...batchOf("r", 5).wishes, { id: "w5", text: "one wish too many" }] };
    await expect(provider.submit(six)).rejects.toMatchObject({ retryable: false });
  });
});
