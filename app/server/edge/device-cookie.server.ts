import { readCookie } from "./cookies.server";

/**
 * The device id of visitors without JavaScript: their wishes, their resonances, and the wall marking what they resonated
 * with. The fingerprint (docs/product.md#the-device-id) lives in localStorage, which a page without
 * scripts cannot reach, so a plain form post carries this cookie instead: random, HttpOnly (no script reads it),
 * SameSite=Lax (a cross-site form post arrives without it and so counts as a new, rate-limited device).
 */
export const DEVICE_COOKIE = "qb_device";
const ID_BYTES = 16;
const ID_PATTERN = /^[0-9a-f]{32}$/;
/** The longest lifetime browsers honour; /cookies states it. */
export const DEVICE_COOKIE_DAYS = 400;
const MAX_AGE_SECONDS = DEVICE_COOKIE_DAYS * 24 * 60 * 60;

export interface DeviceId {
  id: string;
  /** Present when the id was just made: send it back as a Set-Cookie header. */
  setCookie?: string;
}

export function readDeviceCookie(request: Request): string | undefined {
  const value = readCookie(request, DEVICE_COOKIE);
  return value && ID_PATTERN.test(value) ? value : undefined;
}

function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(ID_BYTES));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function serializeDeviceCookie(id: string, request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${DEVICE_COOKIE}=${id}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/** The request's device id, or a new one with the cookie that stores it. */
export function deviceIdFor(request: Request): DeviceId {
  const existing = readDeviceCookie(request);
  if (existing) return { id: existing };
  const id = newDeviceId();
  return { id, setCookie: serializeDeviceCookie(id, request) };
}
