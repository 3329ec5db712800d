import { describe, expect, it } from "vitest";
import { adminProtectionWarnings, GLOBAL_LOGIN_FREE_FAILURES_PER_HOUR, GLOBAL_LOGIN_MAX_DELAY_MS, globalLoginDelayMs } from "../../../app/domain/admin";

describe("globalLoginDelayMs", () => {
  it("is free up to the hour's allowance, then doubles from a second, capped", () => {
    expect(globalLoginDelayMs(GLOBAL_LOGIN_FREE_FAILURES_PER_HOUR - 1)).toBe(0);
    expect(globalLoginDelayMs(GLOBAL_LOGIN_FREE_FAILURES_PER_HOUR)).toBe(1000);
    expect(globalLoginDelayMs(GLOBAL_LOGIN_FREE_FAILURES_PER_HOUR + 3)).toBe(8000);
    expect(globalLoginDelayMs(GLOBAL_LOGIN_FREE_FAILURES_PER_HOUR + 40)).toBe(GLOBAL_LOGIN_MAX_DELAY_MS);
  });
});

describe("adminProtectionWarnings (npm run check:production)", () => {
  it("warns unless Cloudflare Access or a long password protects /admin", () => {
    expect(adminProtectionWarnings({})).toHaveLength(1);
    expect(adminProtectionWarnings({ adminPassword: "short" })[0]).toMatch(/5 characters/);
    expect(adminProtectionWarnings({ adminPassword: "x".repeat(20) })).toEqual([]);
    expect(adminProtectionWarnings({ accessTeamDomain: "team.cloudflareaccess.com", accessAud: "aud", adminPassword: "short" })).toEqual([]);
    expect(adminProtectionWarnings({ accessTeamDomain: "team.cloudflareaccess.com" })).toHaveLength(1);
  });
});
