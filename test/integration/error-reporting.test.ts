import { describe, expect, it, vi } from "vitest";
import { alarmThrows, capturingLogs, cronThrows, loaderThrows, PERSONAL, relayThrows, uncaught } from "../support/failures";

// Without SENTRY_DSN (this lane has none): each uncaught error is one structured log line with its request id, and
// nothing leaves the Worker. With it: test/reporting/sentry.test.ts.

function sendsNothing() {
  return vi.spyOn(globalThis, "fetch");
}

function expectNoPersonalData(text: string) {
  expect(text).not.toContain(PERSONAL.email);
  expect(text).not.toContain(PERSONAL.ip);
}

describe("an uncaught error, without SENTRY_DSN", () => {
  it("in a loader: one JSON line with the answer's request id, from cf-ray", async () => {
    const fetchSpy = sendsNothing();
    const { result, lines, raw } = await capturingLogs(() => loaderThrows());
    expect(result.status).toBe(500);
    expect(result.requestId).toMatch(/^8f[0-9a-f]+-LHR$/);
    const errors = uncaught(lines);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: "error", requestId: result.requestId, route: "/bell/01ARZ3NDEKTSV4RRFFQ69G5FAV", where: "remix" });
    expect(errors[0].error).toContain("loader failed for [email] at [ip]");
    const request = lines.find((line) => line.message === "request");
    expect(request).toMatchObject({ level: "info", requestId: result.requestId, status: 500, method: "GET" });
    expect(typeof request?.durationMs).toBe("number");
    expectNoPersonalData(raw.join("\n"));
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it("in the cron: one line for the run, with the cron's own request id", async () => {
    const fetchSpy = sendsNothing();
    const { lines, raw } = await capturingLogs(() => cronThrows());
    const errors = uncaught(lines);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: "error", route: "cron", where: "cron" });
    expect(errors[0].requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.find((line) => line.message === "cron run")).toMatchObject({ requestId: errors[0].requestId });
    expectNoPersonalData(raw.join("\n"));
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it("in the BellRoom's alarm: one line, and the alarm still fails so the runtime retries it", async () => {
    const { result, lines, raw } = await capturingLogs(() => alarmThrows());
    expect(result).toBeInstanceOf(Error);
    const errors = uncaught(lines);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: "error", route: "BellRoom.alarm", where: "BellRoom.alarm" });
    expect(errors[0].requestId).toBeTruthy();
    expectNoPersonalData(raw.join("\n"));
  });

  it("in a relay's handler: one line with the upgrade's ray id", async () => {
    const { result, lines, raw } = await capturingLogs(() => relayThrows());
    expect(result.error).toBeInstanceOf(Error);
    const errors = uncaught(lines);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: "error", requestId: result.ray, where: "BellRelay.fetch" });
    expectNoPersonalData(raw.join("\n"));
  });
});
