import { FINGERPRINT_MAX_LENGTH, FINGERPRINT_MIN_LENGTH } from "./limits";

export const FINGERPRINT_STORAGE_KEY = "quantum-bell.device-fingerprint";

export const FINGERPRINT_PATTERN = new RegExp(
  `^[A-Za-z0-9_-]{${FINGERPRINT_MIN_LENGTH},${FINGERPRINT_MAX_LENGTH}}$`,
);

export function sanitiseFingerprint(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, "");
}

export interface FingerprintSources {
  now: number;
  random: string;
  userAgent: string;
  screen: { width: number; height: number };
  timeZone: string;
}

// Time and randomness come first so they survive the length cap: they are what
// keeps two devices with the same browser, screen and zone apart.
export function buildFingerprint({ now, random, userAgent, screen, timeZone }: FingerprintSources): string {
  const parts = [
    now.toString(36),
    random,
    `${screen.width}x${screen.height}`,
    timeZone,
    userAgent.trim(),
  ];
  return sanitiseFingerprint(parts.join("_")).slice(0, FINGERPRINT_MAX_LENGTH);
}

export function isReusableFingerprint(value: unknown): value is string {
  return typeof value === "string" && FINGERPRINT_PATTERN.test(value);
}
