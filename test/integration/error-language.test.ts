/**
 * Errors travel as data (a code, a message id, its values) from the rules, the server and the Durable Objects, and
 * become a sentence once, at the edge, in the request's language (docs/api.md#errors). Each door is asked here in
 * a language other than English, and the sentence is checked against the catalogue itself.
 */
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoint } from "~/domain/contract/endpoint";
import { ERROR_CODE } from "~/domain/error-codes";
import { LOCALE_INFO, type Locale } from "~/domain/locale";
import { CROSS_SITE_REQUEST, FORM_CROSS_SITE, METHOD_NOT_ALLOWED, REQUEST_BODY_INVALID, RING_COOLDOWN, SOCKET_ONLY, WISH_TOO_SHORT } from "~/domain/messages";
import { CATALOGUES } from "~/i18n/catalogues.server";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { bellRoom } from "~/server/edge/bell-room-client.server";
import { homeAction } from "~/server/pages/home.server";
import { ApiError } from "~/server/edge/http.server";
import { browserFetch, call, freshFingerprint, jsonAnswer, ORIGIN } from "../support/api";
import { readyBell } from "../support/bell";

/** A message as the catalogue writes it, its placeholders filled by hand (not by the code under test). */
function written(locale: Locale, id: string, values: Record<string, string | number> = {}): string {
  return Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, String(value)), CATALOGUES[locale][id]!);
}

const language = (locale: Locale) => ({ "Accept-Language": LOCALE_INFO[locale].tag });

beforeEach(async () => {
  await readyBell();
});

describe("an API error is rendered once, at the edge, in the request's language", () => {
  it("the BellRoom's cooldown arrives as its id and seconds, and is said in Spanish, French and English", async () => {
    for (const locale of ["es", "fr", "en"] as const) {
      await runInDurableObject(bellRoom(env), (_instance, state) => state.storage.put("lastRingAt", Date.now()));
      const { status, headers, json } = await call<{ error: string; code: string; retryAfter: number }>("/api/bell/ring", {
        body: { deviceFingerprint: freshFingerprint() },
        headers: language(locale),
      });
      expect(status).toBe(429);
      expect(json.code).toBe(ERROR_CODE.cooldown);
      expect(headers.get("Retry-After")).toBe(String(json.retryAfter));
      expect(json.error).toBe(written(locale, RING_COOLDOWN, { seconds: json.retryAfter }));
      if (locale !== "en") expect(json.error).not.toBe(written("en", RING_COOLDOWN, { seconds: json.retryAfter }));
      expect(headers.get("Vary")).toContain("Accept-Language");
    }
  });

  it("the 405 names the methods an address answers, in the request's language", async () => {
    for (const locale of ["ar", "zh", "en"] as const) {
      const { status, json } = await call<{ error: string; code: string }>("/api/map/countries", { method: "POST", body: {}, headers: language(locale) });
      expect(status).toBe(405);
      expect(json).toEqual({ success: false, code: ERROR_CODE.methodNotAllowed, error: written(locale, METHOD_NOT_ALLOWED, { methods: "GET" }) });
    }
    expect(written("en", METHOD_NOT_ALLOWED, { methods: "GET" })).toBe("This address only answers GET requests.");
  });

  it("the Worker's own refusals (a cross-site write) speak the request's language too", async () => {
    const { status, json } = await call<{ error: string; code: string }>("/api/wishes", {
      body: { wish: "May the harbours stay calm", deviceFingerprint: freshFingerprint() },
      headers: { ...language("hi"), Origin: "https://elsewhere.example" },
    });
    expect(status).toBe(403);
    expect(json).toEqual({ success: false, code: ERROR_CODE.crossSite, error: written("hi", CROSS_SITE_REQUEST) });
  });

  it("a relay's refusal crosses to the Worker as data and is said in the request's language", async () => {
    const response = await exports.default.fetch(`${ORIGIN}/ws`, { headers: language("fr") });
    const { status, headers, json } = await jsonAnswer<Record<string, unknown>>("/ws", response);
    expect(status).toBe(426);
    expect(json).toEqual({ success: false, code: ERROR_CODE.invalidRequest, error: written("fr", SOCKET_ONLY) });
    expect(headers.has("X-Quantum-Bell-Refusal")).toBe(false);
  });

  it("a message id that is in no catalogue never reaches the visitor: a generic sentence does", async () => {
    const route = apiRoute(
      serve(endpoint({ method: "GET", path: "/api/uncatalogued", output: () => z.null() }), async () => {
        throw new ApiError(400, "A sentence nobody translated.");
      }),
    );
    const request = new Request(`${ORIGIN}/api/uncatalogued`, { headers: language("es") });
    const response = await route({ request, params: {}, context: { cloudflare: { env, ctx: {} as ExecutionContext } } });
    const { status, json } = await jsonAnswer<Record<string, unknown>>("/api/uncatalogued", response);
    expect(status).toBe(400);
    expect(json).toEqual({ success: false, code: ERROR_CODE.invalidRequest, error: written("es", REQUEST_BODY_INVALID) });
  });
});

describe("a page's form answers in the page's language", () => {
  it("the home form refuses a post from another site in the page's language, not in English", async () => {
    const request = new Request(`${ORIGIN}/fr`, {
      method: "POST",
      headers: { Origin: "https://elsewhere.example", "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "en" },
      body: "wish=May+the+rivers+run+clean",
    });
    const thrown = await homeAction(request, { env, ctx: { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    const { status, json } = await jsonAnswer<Record<string, unknown>>("/fr", thrown as Response);
    expect(status).toBe(403);
    expect(json).toEqual({ success: false, code: ERROR_CODE.crossSite, error: written("fr", FORM_CROSS_SITE) });
  });

  it("a refused wish posted without JavaScript is explained in the page's language", async () => {
    const response = await browserFetch("/es?index", { form: { wish: "short" } });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(written("es", WISH_TOO_SHORT));
  });
});
