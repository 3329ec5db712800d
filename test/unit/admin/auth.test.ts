import { describe, expect, it } from "vitest";
import {
  clearedSessionCookieHeaders,
  constantTimeEqual,
  createSessionToken,
  isValidSessionToken,
  SESSION_TTL_MS,
  sessionCookieHeaders,
} from "~/server/admin/auth.server";

const SECRET = "unit-session-secret-0123456789";
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);

describe("constantTimeEqual", () => {
  it("is true only for identical strings", async () => {
    expect(await constantTimeEqual("correct horse battery staple", "correct horse battery staple")).toBe(true);
    expect(await constantTimeEqual("correct horse battery staple", "correct horse battery stapl")).toBe(false);
    expect(await constantTimeEqual("correct horse battery staple", "Correct horse battery staple")).toBe(false);
    expect(await constantTimeEqual("", "")).toBe(true);
    expect(await constantTimeEqual("", "x")).toBe(false);
  });

  it("compares strings of any length, including ones longer than a digest", async () => {
    const long = "p".repeat(10_000);
    expect(await constantTimeEqual(long, long)).toBe(true);
    expect(await constantTimeEqual(long, `${long}q`)).toBe(false);
    expect(await constantTimeEqual("pässwörd🔔", "pässwörd🔔")).toBe(true);
  });
});

describe("session tokens", () => {
  it("accepts a fresh token until eight hours have passed", async () => {
    const token = await createSessionToken(SECRET, NOW);
    expect(await isValidSessionToken(SECRET, token, NOW)).toBe(true);
    expect(await isValidSessionToken(SECRET, token, NOW + SESSION_TTL_MS - 1)).toBe(true);
    expect(await isValidSessionToken(SECRET, token, NOW + SESSION_TTL_MS)).toBe(false);
    expect(SESSION_TTL_MS).toBe(8 * 60 * 60 * 1000);
  });

  it("refuses a token signed with another secret", async () => {
    const token = await createSessionToken("another-secret-entirely", NOW);
    expect(await isValidSessionToken(SECRET, token, NOW)).toBe(false);
  });

  it("refuses a token whose expiry was moved, or whose signature was altered", async () => {
    const token = await createSessionToken(SECRET, NOW);
    const [, signature] = token.split(".") as [string, string];
    const later = btoa(JSON.stringify({ exp: NOW + 100 * SESSION_TTL_MS })).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    expect(await isValidSessionToken(SECRET, `${later}.${signature}`, NOW)).toBe(false);
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await isValidSessionToken(SECRET, `${token.split(".")[0]}.${flipped}`, NOW)).toBe(false);
  });

  it.each(["", "abc", "a.b.c", "!!!.???", ".", "e30.", `${btoa("{}")}.AAAA`])("refuses the malformed token %j", async (token) => {
    expect(await isValidSessionToken(SECRET, token, NOW)).toBe(false);
  });

  it("refuses a correctly signed payload without a numeric expiry", async () => {
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const payload = btoa(JSON.stringify({ exp: "never" })).replace(/=+$/, "");
    const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(payload)));
    const encoded = btoa(String.fromCharCode(...signature)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect(await isValidSessionToken(SECRET, `${payload}.${encoded}`, NOW)).toBe(false);
  });
});

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Strict, scoped to /admin (and its data URL), eight hours long, and Secure only over https", () => {
    const plain = sessionCookieHeaders("t.s", new Request("http://localhost/admin/login")).getSetCookie();
    expect(plain).toEqual([
      "qb_admin=t.s; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=28800",
      "qb_admin=t.s; Path=/admin.data; HttpOnly; SameSite=Strict; Max-Age=28800",
    ]);
    const secure = sessionCookieHeaders("t.s", new Request("https://bell.example/admin/login")).getSetCookie();
    expect(secure).toEqual(plain.map((cookie) => `${cookie}; Secure`));
  });

  it("is cleared with the same attributes", () => {
    expect(clearedSessionCookieHeaders(new Request("https://bell.example/admin/logout")).getSetCookie()).toEqual([
      "qb_admin=; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=0; Secure",
      "qb_admin=; Path=/admin.data; HttpOnly; SameSite=Strict; Max-Age=0; Secure",
    ]);
  });
});
