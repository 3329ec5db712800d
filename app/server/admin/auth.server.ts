import { redirect } from "@remix-run/cloudflare";
import { isSameSiteOrigin } from "../edge/origin.server";
import { networkHashes } from "../edge/hashing.server";
import { hitNetworkLimit } from "../edge/rate-limit.server";
import { accessConfig, verifyAccessJwt } from "./cf-access.server";
import { forgetLoginAttempt, reserveLoginAttempt } from "./login-backoff.server";
import { fromBase64Url, toBase64Url } from "../edge/base64url.server";
import { readCookie } from "../edge/cookies.server";
import { ERROR_CODE } from "~/domain/error-codes";
import { fail } from "../edge/http.server";
import { appError } from "~/domain/app-error";
import { DEFAULT_LOCALE } from "~/domain/locale";
import { CROSS_SITE_REFUSED, LOGIN_NOT_CONFIGURED, LOGIN_WRONG_PASSWORD } from "~/domain/messages";
import { settingsOf } from "~/server/edge/settings.server";

export const SESSION_COOKIE = "qb_admin";
export const SESSION_TTL_MS = 8 * 60 * 60_000;
export const LOGIN_ATTEMPT_LIMIT = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_PATH = "/admin/login";

export function loginRateLimited(minutes: number): string {
  return `Too many sign-in attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
}

const encoder = new TextEncoder();

async function sha256(value: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(value)));
}

/**
 * Compares two secrets in time that depends on neither: both are hashed to 32 bytes first, so the length of the
 * real password does not leak either, then every byte is compared without an early exit.
 */
export async function constantTimeEqual(a: string, b: string): Promise<boolean> {
  const [left, right] = await Promise.all([sha256(a), sha256(b)]);
  let difference = 0;
  for (let i = 0; i < left.length; i += 1) difference |= left[i]! ^ right[i]!;
  return difference === 0;
}

const sessionKeys = new Map<string, Promise<CryptoKey>>();
function sessionKey(secret: string): Promise<CryptoKey> {
  if (!secret) throw new Error("SESSION_SECRET is not configured.");
  let key = sessionKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    sessionKeys.set(secret, key);
  }
  return key;
}

/** A session token: base64url(JSON {exp, sid}) "." base64url(HMAC-SHA256 of that first part). */
export async function createSessionToken(secret: string, now = Date.now(), sid: string = crypto.randomUUID()): Promise<string> {
  const payload = toBase64Url(encoder.encode(JSON.stringify({ exp: now + SESSION_TTL_MS, sid })));
  const signature = await crypto.subtle.sign("HMAC", await sessionKey(secret), encoder.encode(payload));
  return `${payload}.${toBase64Url(new Uint8Array(signature))}`;
}

/** The session a well-signed, unexpired token names, or null. */
export async function readSessionToken(secret: string, token: string, now = Date.now()): Promise<{ sid: string; exp: number } | null> {
  const [payload, signaturePart, ...rest] = token.split(".");
  if (!payload || !signaturePart || rest.length > 0) return null;
  const signature = fromBase64Url(signaturePart);
  if (!signature) return null;
  // crypto.subtle.verify compares the MACs in constant time.
  if (!(await crypto.subtle.verify("HMAC", await sessionKey(secret), signature, encoder.encode(payload)))) return null;
  const bytes = fromBase64Url(payload);
  if (!bytes) return null;
  try {
    const { exp, sid } = JSON.parse(new TextDecoder().decode(bytes)) as { exp?: unknown; sid?: unknown };
    return typeof exp === "number" && exp > now && typeof sid === "string" && sid ? { sid, exp } : null;
  } catch {
    return null;
  }
}

export async function isValidSessionToken(secret: string, token: string, now = Date.now()): Promise<boolean> {
  return (await readSessionToken(secret, token, now)) !== null;
}

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/**
 * The session cookie is scoped to the admin, so public pages never carry it. Remix fetches the data of /admin itself
 * from /admin.data, which Path=/admin does not cover, so the cookie is set for that one path as well.
 */
const COOKIE_PATHS = ["/admin", "/admin.data"] as const;

function cookieHeaders(value: string, maxAgeSeconds: number, request: Request): Headers {
  const secure = isHttps(request) ? "; Secure" : "";
  const headers = new Headers();
  for (const path of COOKIE_PATHS) {
    headers.append("Set-Cookie", `${SESSION_COOKIE}=${value}; Path=${path}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`);
  }
  return headers;
}

export function sessionCookieHeaders(token: string, request: Request): Headers {
  return cookieHeaders(token, SESSION_TTL_MS / 1000, request);
}

export function clearedSessionCookieHeaders(request: Request): Headers {
  return cookieHeaders("", 0, request);
}

/**
 * Who is signed in, as the audit trail names them (ADR 0112): our own session cookie (well signed, unexpired, and still
 * in admin_sessions: signing out deletes it, so a copied cookie stops working then) names its session, Cloudflare
 * Access (when configured) the identity it vouches for. Null: nobody.
 */
export async function adminActor(request: Request, env: Env, now = Date.now()): Promise<string | null> {
  const token = readCookie(request, SESSION_COOKIE);
  const session = token ? await readSessionToken(settingsOf(env).SESSION_SECRET, token, now) : null;
  if (session) {
    const row = await env.DB.prepare("SELECT 1 AS live FROM admin_sessions WHERE id = ? AND expires_at > ?").bind(session.sid, now).first();
    if (row) return passwordActor(session.sid);
  }
  const access = accessConfig(env);
  const assertion = request.headers.get("Cf-Access-Jwt-Assertion");
  if (!access || !assertion) return null;
  const claims = await verifyAccessJwt(assertion, access, { now });
  return claims === null ? null : `Access: ${claims.email ?? claims.sub ?? "an identity without e-mail"}`;
}

/** A password session, named by the start of its id (the whole id would be a bearer secret's key). */
export const passwordActor = (sid: string) => `password session ${sid.slice(0, 8)}`;

export async function isAdmin(request: Request, env: Env, now = Date.now()): Promise<boolean> {
  return (await adminActor(request, env, now)) !== null;
}

/** For admin loaders: anyone not signed in is sent to the sign-in page. Answers who is signed in. */
export async function requireAdmin(request: Request, env: Env): Promise<string> {
  const actor = await adminActor(request, env);
  if (actor === null) throw redirect(LOGIN_PATH);
  return actor;
}

export function refuseCrossSite(request: Request, env: Env): void {
  // The admin speaks English only.
  if (!isSameSiteOrigin(request, env)) throw fail(request, appError(403, CROSS_SITE_REFUSED, { code: ERROR_CODE.crossSite }), { locale: DEFAULT_LOCALE });
}

/** For admin actions: a cross-site request is refused before anything else, then the session is checked. */
export async function requireAdminAction(request: Request, env: Env): Promise<string> {
  refuseCrossSite(request, env);
  return requireAdmin(request, env);
}

export type LoginOutcome = { ok: true; headers: Headers; actor: string } | { ok: false; error: string; status: number };

/** Checks a password, counting every attempt against the caller's address before the password is even looked at. */
export async function attemptLogin(request: Request, env: Env, password: string, now = Date.now()): Promise<LoginOutcome> {
  const network = await networkHashes(settingsOf(env).HASH_SECRET, request);
  const limit = await hitNetworkLimit(env, network, "admin-login", LOGIN_ATTEMPT_LIMIT, LOGIN_WINDOW_MS, now);
  if (!limit.allowed) return { ok: false, status: 429, error: loginRateLimited(Math.ceil(limit.retryAfter / 60)) };
  const expected = settingsOf(env).ADMIN_PASSWORD;
  if (!expected) return { ok: false, status: 503, error: LOGIN_NOT_CONFIGURED };
  // Then the network's own backoff (ADR 0100): another network's guesses never hold this attempt.
  const reserved = await reserveLoginAttempt(env, network.network, now);
  if ("waitSeconds" in reserved) return { ok: false, status: 429, error: loginRateLimited(Math.ceil(reserved.waitSeconds / 60)) };
  if (!(await constantTimeEqual(password, expected))) return { ok: false, status: 401, error: LOGIN_WRONG_PASSWORD };
  await forgetLoginAttempt(env, reserved.attempt, now);
  const sid = crypto.randomUUID();
  // Expired sessions are swept as new ones begin, so the table stays a handful of rows.
  await env.DB.batch([
    env.DB.prepare("DELETE FROM admin_sessions WHERE expires_at <= ?").bind(now),
    env.DB.prepare("INSERT INTO admin_sessions (id, expires_at, created_at) VALUES (?, ?, ?)").bind(sid, now + SESSION_TTL_MS, now),
  ]);
  return { ok: true, actor: passwordActor(sid), headers: sessionCookieHeaders(await createSessionToken(settingsOf(env).SESSION_SECRET, now, sid), request) };
}

/** Signing out ends the session on the server too, not only in this browser's cookie jar. Answers whose it was. */
export async function endSession(request: Request, env: Env): Promise<{ headers: Headers; actor: string | null }> {
  const token = readCookie(request, SESSION_COOKIE);
  const session = token ? await readSessionToken(settingsOf(env).SESSION_SECRET, token) : null;
  if (session) await env.DB.prepare("DELETE FROM admin_sessions WHERE id = ?").bind(session.sid).run();
  return { headers: clearedSessionCookieHeaders(request), actor: session ? passwordActor(session.sid) : null };
}
