import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildFingerprint,
  FINGERPRINT_STORAGE_KEY,
  isReusableFingerprint,
  sanitiseFingerprint,
} from "../../../app/domain/fingerprint";
import { fingerprintSchema } from "../../../app/domain/wish";

const sources = {
  now: 1_795_000_000_000,
  random: "k3j9x2m1q8",
  userAgent: "  Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36  ",
  screen: { width: 1920, height: 1080 },
  timeZone: "Europe/Paris",
};

describe("sanitiseFingerprint", () => {
  it("keeps letters, digits, underscore and dash only", () => {
    expect(sanitiseFingerprint("a b/c_d-e.f(1)é")).toBe("abc_d-ef1");
  });
});

describe("buildFingerprint", () => {
  it("joins time, random, screen, zone and user agent", () => {
    const fingerprint = buildFingerprint(sources);
    expect(fingerprint.startsWith(`${sources.now.toString(36)}_k3j9x2m1q8_1920x1080_EuropeParis_Mozilla50`)).toBe(
      true,
    );
  });

  it("is reusable and accepted by the server schema", () => {
    const fingerprint = buildFingerprint(sources);
    expect(isReusableFingerprint(fingerprint)).toBe(true);
    expect(fingerprintSchema.safeParse(fingerprint).success).toBe(true);
  });

  it("is capped at 128 characters", () => {
    expect(buildFingerprint({ ...sources, userAgent: "x".repeat(500) })).toHaveLength(128);
  });

  it("differs between two devices alike but for chance", () => {
    expect(buildFingerprint(sources)).not.toBe(buildFingerprint({ ...sources, random: "a7b6c5d4e3" }));
  });

  it("always yields only allowed characters", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (random, userAgent, timeZone) => {
        const fingerprint = buildFingerprint({ ...sources, random, userAgent, timeZone });
        expect(fingerprint).toMatch(/^[A-Za-z0-9_-]{0,128}$/);
      }),
    );
  });
});

describe("isReusableFingerprint", () => {
  it.each([
    ["a".repeat(16), true],
    ["a".repeat(15), false],
    ["a".repeat(128), true],
    ["a".repeat(129), false],
    ["abcdefghijklmno!", false],
    [null, false],
    [undefined, false],
  ])("%j → %s", (value, expected) => {
    expect(isReusableFingerprint(value)).toBe(expected);
  });

  it("uses a namespaced storage key", () => {
    expect(FINGERPRINT_STORAGE_KEY).toBe("quantum-bell.device-fingerprint");
  });
});
