import { exports } from "cloudflare:workers";
import { expect } from "vitest";

export const ORIGIN = "http://localhost";

let counter = 0;
/** A device fingerprint no other test uses. */
export function freshFingerprint(): string {
  counter += 1;
  return `test_${crypto.randomUUID().replaceAll("-", "")}_${counter}`;
}

/** A client address no other test uses, so the per-IP limit of one test never touches another. */
export function freshIp(): string {
  const n = Math.floor(Math.random() * 2 ** 24);
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** Calls the real Worker entry (routing, Remix, D1, the BellRoom) and returns status and parsed JSON. */
export async function call<T = Record<string, unknown>>(path: string, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  if (options.body !== undefined || options.rawBody !== undefined) headers.set("Content-Type", "application/json");
  headers.set("CF-Connecting-IP", options.ip ?? freshIp());
  const response = await exports.default.fetch(`${ORIGIN}${path}`, {
    method: options.method ?? (options.body !== undefined || options.rawBody !== undefined ? "POST" : "GET"),
    headers,
    body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  });
  return jsonAnswer<T>(path, response);
}

/** Status, headers and the parsed JSON body of an API answer; a body that is not JSON fails with what it was. */
export async function jsonAnswer<T>(path: string, response: Response, afterRead: () => Promise<void> = async () => undefined) {
  const text = await response.text();
  await afterRead();
  // 204 No Content (the CSP report endpoint) has no body by definition.
  if (response.status === 204 && text === "") return { status: 204, headers: response.headers, json: {} as T };
  let json: T;
  try {
    json = JSON.parse(text) as T;
  } catch {
    throw new Error(`Expected JSON from ${path}, got ${response.status}: ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, json };
}

export const validWish = (overrides: Record<string, unknown> = {}) => ({
  wish: "May every child grow up knowing peace and kindness",
  deviceFingerprint: freshFingerprint(),
  ...overrides,
});

export async function submit(overrides: Record<string, unknown> = {}, ip?: string) {
  return call<{ success: boolean; wishId: string; error?: string }>("/api/wishes", { body: validWish(overrides), ip });
}

/** The admin password the test Worker is configured with (vitest.config.ts). */
export const ADMIN_PASSWORD = "test-admin-password";

export interface BrowserRequest {
  method?: string;
  form?: Record<string, string>;
  cookie?: string;
  origin?: string | null;
  ip?: string;
}

/**
 * A browser-shaped request to a page (admin or public): forms are urlencoded and anything but a GET carries this site's Origin
 * unless told otherwise; redirects are returned, not followed.
 */
export function browserFetch(path: string, { method, form, cookie, origin = ORIGIN, ip = freshIp() }: BrowserRequest = {}) {
  const headers = new Headers({ "CF-Connecting-IP": ip, Host: new URL(ORIGIN).host });
  if (cookie) headers.set("Cookie", cookie);
  const verb = method ?? (form ? "POST" : "GET");
  if (verb !== "GET" && verb !== "HEAD" && origin) headers.set("Origin", origin);
  if (form) headers.set("Content-Type", "application/x-www-form-urlencoded");
  return exports.default.fetch(`${ORIGIN}${path}`, {
    method: verb,
    headers,
    body: form ? new URLSearchParams(form).toString() : undefined,
    redirect: "manual",
  });
}

/** Signs in to the admin and returns the session cookie as a `Cookie` header value. */
export async function signIn(ip = freshIp()): Promise<string> {
  const response = await browserFetch("/admin/login", { form: { password: ADMIN_PASSWORD }, ip });
  expect(response.status).toBe(302);
  const setCookie = response.headers.get("Set-Cookie") ?? "";
  return setCookie.split(";")[0]!;
}
