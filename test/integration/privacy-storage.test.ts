import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { POSITION_DECIMALS } from "~/domain/position";
import { submit } from "../support/api";

const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) PrivacyProbe/9.9";

describe("what the submit path stores for a wish", () => {
  it("keeps no coordinate finer than the kept precision, no user agent and no raw identifier", async () => {
    const deviceFingerprint = `lq2x5k_a8f3b2c1d9e7_1920x1080_Europe-Paris_${USER_AGENT.replace(/[^A-Za-z0-9_-]/g, "")}`.slice(0, 128);
    const ip = "203.0.113.77";
    const { status, json } = await submit({ lat: 48.856613, lon: 2.352222, country: "France", deviceFingerprint }, ip);
    expect(status).toBe(201);
    const row = await env.DB.prepare("SELECT * FROM wishes WHERE id = ?").bind(json.wishId).first<Record<string, unknown>>();
    expect(row).not.toBeNull();
    expect(row!.lat).toBe(48.9);
    expect(row!.lon).toBe(2.4);
    for (const value of [row!.lat, row!.lon]) {
      const decimals = String(value).split(".")[1] ?? "";
      expect(decimals.length).toBeLessThanOrEqual(POSITION_DECIMALS);
    }
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(deviceFingerprint);
    expect(stored).not.toContain("PrivacyProbe");
    expect(stored).not.toContain("Mozilla");
    expect(stored).not.toContain(ip);
    expect(stored).not.toContain("1920x1080");
    expect(row!.fingerprint_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
