import { describe, expect, it } from "vitest";
import { adminProtectionWarnings, NETWORK_LOGIN_FREE_FAILURES_PER_HOUR, NETWORK_LOGIN_MAX_DELAY_MS, networkLoginDelayMs } from "../../../app/domain/admin";

describe("networkLoginDelayMs", () => {
  it("is free up to the network's hourly allowance, then doubles from a second, capped", () => {
    expect(networkLoginDelayMs(NETWORK_LOGIN_FREE_FAILURES_PER_HOUR - 1)).toBe(0);
    expect(networkLoginDelayMs(NETWORK_LOGIN_FREE_FAILURES_PER_HOUR)).toBe(1000);
    expect(networkLoginDelayMs(NETWORK_LOGIN_FREE_FAILURES_PER_HOUR + 3)).toBe(8000);
    expect(networkLoginDelayMs(NETWORK_LOGIN_FREE_FAILURES_PER_HOUR + 40)).toBe(NETWORK_LOGIN_MAX_DELAY_MS);
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
