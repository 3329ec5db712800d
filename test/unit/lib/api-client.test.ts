import { afterEach, describe, expect, it, vi } from "vitest";
import { API } from "~/domain/contract/api";
import { ERROR_CODE } from "~/domain/error-codes";
import type { PublicWish } from "~/domain/public-wish";
import { apiUrl, callApi } from "~/lib/api-client";

const wish: PublicWish = {
  id: "01JD3",
  wish: "May every village find peace",
  name: "Anonymous",
  country: "France",
  countryCode: "FR",
  location: "France",
  theme: "Peace",
  status: "pending",
  bellRingId: null,
  timestamp: "2026-11-22T06:40:00.000Z",
  resonanceCount: 3,
};

/** Answers every fetch with `body` and `status`, and keeps what was asked. */
function answer(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("the typed API client: the request on the wire", () => {
  it("builds the declared path, its parameters encoded, and the query's defined values in order", () => {
    expect(apiUrl(API.getWish, { id: "a b/ç" })).toBe("/api/wishes/a%20b%2F%C3%A7");
    expect(apiUrl(API.wall, undefined, { country: "FR", pageSize: 6, sortBy: "newest", theme: undefined })).toBe("/api/wishes/wall?country=FR&pageSize=6&sortBy=newest");
    expect(apiUrl(API.reverseGeocode, undefined, { lat: -33.86, lon: 151.2 })).toBe("/api/reverse-geocode?lat=-33.86&lon=151.2");
  });

  it("sends the declared method, a JSON body with its content type, and the caller's Accept-Language", async () => {
    const calls = answer(201, { success: true, wishId: "01JD3" });
    await callApi("submitWish", { body: { wish: "May every village find peace", deviceFingerprint: "f".repeat(32) }, headers: { "Accept-Language": "fr" } });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe("/api/wishes");
    expect(calls[0].init.method).toBe("POST");
    expect(calls[0].init.headers).toEqual({ "Content-Type": "application/json", Accept: "application/json", "Accept-Language": "fr" });
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ wish: "May every village find peace", deviceFingerprint: "f".repeat(32) });
    // Same-origin credentials, as a plain fetch sends them: the client never widens or narrows them.
    expect(calls[0].init.credentials).toBeUndefined();
  });

  it("sends a read with no body and no content type, and passes the cache mode on", async () => {
    const calls = answer(200, { success: true, database: { connected: true }, cache: { connected: true }, redis: { connected: true } });
    await callApi("health", { cache: "no-store" });
    expect(calls[0].init).toMatchObject({ method: "GET", headers: { Accept: "application/json" }, cache: "no-store" });
    expect(calls[0].init.body).toBeUndefined();
  });
});

describe("the typed API client: what comes back", () => {
  it("parses a success with the declared output schema", async () => {
    answer(200, { ...wish, success: true });
    const result = await callApi("getWish", { params: { id: wish.id } });
    expect(result).toEqual({ ok: true, status: 200, data: { ...wish, success: true } });
  });

  it("reads only a wish out of GET /api/wishes/{id}: anything else is a failure, never a cast", async () => {
    for (const body of [null, "a", { success: true, ...wish, status: "lost" }, { success: true, ...wish, bellRingId: 3 }, { success: true, id: "01JD3" }]) {
      answer(200, body);
      expect(await callApi("getWish", { params: { id: wish.id } })).toEqual({ ok: false, status: 200, error: {} });
    }
  });

  it("hands back a failure's status and its code, sentence, field and retryAfter", async () => {
    answer(429, { success: false, error: "The bell is cooling down.", code: ERROR_CODE.cooldown, retryAfter: 12 });
    expect(await callApi("ring", { body: { deviceFingerprint: "f".repeat(32) } })).toEqual({
      ok: false,
      status: 429,
      error: { success: false, error: "The bell is cooling down.", code: ERROR_CODE.cooldown, retryAfter: 12 },
    });
    answer(400, { success: false, error: "Please write a wish.", code: ERROR_CODE.invalidField, field: "wish" });
    const invalid = await callApi("submitWish", { body: { wish: "", deviceFingerprint: "f".repeat(32) } });
    expect(invalid).toMatchObject({ ok: false, status: 400, error: { code: ERROR_CODE.invalidField, field: "wish" } });
  });

  it("reads an error body that is not JSON, or not ours, as a bare failure with its status", async () => {
    answer(502, "<html>Bad gateway</html>");
    expect(await callApi("stats")).toEqual({ ok: false, status: 502, error: {} });
    answer(500, { code: 42 });
    expect(await callApi("stats")).toEqual({ ok: false, status: 500, error: {} });
  });

  it("never throws: no answer (offline, aborted) is a failure with no status", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await callApi("countries")).toEqual({ ok: false, status: null, error: {} });
    // A path parameter left out is the caller's mistake, told the same way rather than thrown into a render.
    answer(200, {});
    expect(await callApi("getWish", {} as never)).toEqual({ ok: false, status: null, error: {} });
  });
});
