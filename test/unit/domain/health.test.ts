import { describe, expect, it } from "vitest";
import { healthVerdict } from "../../../app/domain/health";

const all = (connected: boolean) => ({ success: true, database: { connected }, cache: { connected: true }, redis: { connected: true } });

describe("healthVerdict", () => {
  it("is ok when every service is connected", () => {
    expect(healthVerdict(200, all(true))).toBe("ok");
  });
  it("is unhealthy when the backend answers but a service is down", () => {
    expect(healthVerdict(200, all(false))).toBe("unhealthy");
  });
  it("is unreachable on a network failure, a non-OK answer or a body that is not the health shape", () => {
    expect(healthVerdict(null, null)).toBe("unreachable");
    expect(healthVerdict(502, all(true))).toBe("unreachable");
    expect(healthVerdict(200, "<html>")).toBe("unreachable");
  });
});
