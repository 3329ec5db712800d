import { buildFingerprint, FINGERPRINT_STORAGE_KEY, isReusableFingerprint } from "~/domain/fingerprint";
import { readStorage, writeStorage } from "./storage";

function randomPart(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

/** This device's fingerprint (docs/product.md#the-device-id): the stored one when it is still usable, else a new one, stored. Browser only. */
export function deviceFingerprint(): string {
  const stored = readStorage(FINGERPRINT_STORAGE_KEY);
  if (isReusableFingerprint(stored)) return stored;
  const created = buildFingerprint({
    now: Date.now(),
    random: randomPart(),
    userAgent: navigator.userAgent,
    screen: { width: window.screen.width, height: window.screen.height },
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  writeStorage(FINGERPRINT_STORAGE_KEY, created);
  return created;
}

/**
 * Gives components the fingerprint reader. It is read when a request is about to be sent, never during render,
 * so the server render and hydration stay identical.
 */
export function useDeviceFingerprint(): () => string {
  return deviceFingerprint;
}
