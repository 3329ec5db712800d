import { exports } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ERROR_CODE } from "~/domain/error-codes";
import { call, freshIp, ORIGIN } from "../support/api";

// Property: whatever a client sends, every API answers JSON with a sentence, and never a 5xx.
const jsonValue = fc.jsonValue({ maxDepth: 3 });

async function expectSentence(path: string, status: number, json: Record<string, unknown>) {
  expect(status, `${path} answered ${status}`).toBeLessThan(500);
  if (status >= 400) {
    expect(json.success).toBe(false);
    expect(typeof json.error).toBe("string");
    expect(String(json.error).length).toBeGreaterThan(5);
    // Beside the sentence, a machine code a client can decide by.
    expect(Object.values(ERROR_CODE), `${path}: ${String(json.code)}`).toContain(json.code);
  }
}

/**
 * Every API route module, with the methods it answers. The first test below fails when a route is added under
 * app/routes/api.* without being listed here, so no API escapes the fuzzing.
 */
const API_ROUTES: Record<string, { path: (id: string) => string; methods: ("GET" | "POST" | "DELETE")[] }> = {
  "api.bell.history.ts": { path: () => "/api/bell/history", methods: ["GET"] },
  "api.bell.ring.ts": { path: () => "/api/bell/ring", methods: ["POST"] },
  "api.countries.ts": { path: () => "/api/countries", methods: ["GET"] },
  "api.csp-report.ts": { path: () => "/api/csp-report", methods: ["POST"] },
  "api.infrastructure.health.ts": { path: () => "/api/infrastructure/health", methods: ["GET"] },
  "api.mail.unsubscribe.ts": { path: () => "/api/mail/unsubscribe", methods: ["POST"] },
  "api.map.countries.ts": { path: () => "/api/map/countries", methods: ["GET"] },
  "api.push.key.ts": { path: () => "/api/push/key", methods: ["GET"] },
  "api.quantum-credits-remaining.ts": { path: () => "/api/quantum-credits-remaining", methods: ["GET"] },
  "api.reverse-geocode.ts": { path: () => "/api/reverse-geocode", methods: ["GET"] },
  "api.send-wish-to-friend.ts": { path: () => "/api/send-wish-to-friend", methods: ["POST"] },
  "api.stats.ts": { path: () => "/api/stats", methods: ["GET"] },
  "api.wishes.$id.push.ts": { path: (id) => `/api/wishes/${id}/push`, methods: ["POST"] },
  "api.wishes.$id.report.ts": { path: (id) => `/api/wishes/${id}/report`, methods: ["POST"] },
  "api.wishes.$id.resonate.ts": { path: (id) => `/api/wishes/${id}/resonate`, methods: ["POST"] },
  "api.wishes.$id.ts": { path: (id) => `/api/wishes/${id}`, methods: ["GET", "DELETE"] },
  "api.wishes._index.ts": { path: () => "/api/wishes", methods: ["GET", "POST"] },
  "api.wishes.live-activity.ts": { path: () => "/api/wishes/live-activity", methods: ["GET"] },
  "api.wishes.status.pending.ts": { path: () => "/api/wishes/status/pending", methods: ["GET"] },
  "api.wishes.wall.ts": { path: () => "/api/wishes/wall", methods: ["GET"] },
};
const routeFiles = Object.keys(import.meta.glob("../../app/routes/api*.ts")).map((file) => file.split("/").pop()!);

/** Bodies that reach past the first checks of every API: valid-looking fields mixed with junk. */
const fieldsBody = fc.record(
  {
    wish: fc.oneof(fc.constant("May every child grow up knowing peace and kindness"), fc.string({ maxLength: 300 }), jsonValue),
    name: fc.oneof(fc.string({ maxLength: 80 }), jsonValue),
    email: fc.oneof(fc.emailAddress(), fc.string(), jsonValue),
    country: fc.oneof(fc.string({ maxLength: 80 }), jsonValue),
    lat: fc.oneof(fc.double(), fc.string(), jsonValue),
    lon: fc.oneof(fc.double(), fc.string(), jsonValue),
    friendEmail: fc.oneof(fc.constant("friend@example.org"), fc.emailAddress(), fc.string({ maxLength: 80 }), jsonValue),
    message: fc.oneof(fc.string({ maxLength: 600 }), jsonValue),
    reason: fc.oneof(fc.string({ maxLength: 300 }), jsonValue),
    deviceFingerprint: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{10,140}$/), jsonValue),
    wishIds: fc.oneof(fc.array(fc.string({ maxLength: 30 }), { maxLength: 6 }), jsonValue),
    subscription: fc.oneof(
      fc.record({ endpoint: fc.oneof(fc.constant("https://fcm.googleapis.com/fcm/send/x"), fc.webUrl(), fc.string()), keys: fc.oneof(fc.record({ p256dh: fc.string(), auth: fc.string() }), jsonValue) }),
      jsonValue,
    ),
  },
  { requiredKeys: [] },
);
const anyBody = fc.oneof(jsonValue, fieldsBody);
// "." and ".." are dot segments: a URL drops them, so "/api/wishes/." is "/api/wishes/" and tests another route.
const pathId = fc.oneof(
  fc.constant("01JD3ZZZZZZZZZZZZZZZZZZZZZ"),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent).filter((id) => id !== "." && id !== ".."),
);
const queryPairs = fc.array(
  fc.tuple(fc.constantFrom("page", "pageSize", "lat", "lon", "country", "theme", "timeFilter", "sortBy", "deviceFingerprint", "id", "x"), fc.string({ maxLength: 30 })),
  { maxLength: 5 },
);

describe("API fuzzing: every route", () => {
  it("lists every API route module", () => {
    expect(routeFiles.length).toBeGreaterThan(10);
    expect(Object.keys(API_ROUTES).sort()).toEqual([...routeFiles].sort());
  });

  it("any method, body and query on any API route answers JSON, never a 5xx", { timeout: 180_000 }, async () => {
    const method = fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH");
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(API_ROUTES)), method, pathId, queryPairs, anyBody, async (file, verb, id, pairs, body) => {
        const path = `${API_ROUTES[file].path(id)}?${new URLSearchParams(pairs).toString()}`;
        const hasBody = verb !== "GET";
        const { status, json } = await call<Record<string, unknown>>(path, hasBody ? { method: verb, body } : { method: verb });
        await expectSentence(path, status, json);
        if (!API_ROUTES[file].methods.includes(verb as "GET" | "POST" | "DELETE")) expect(status, `${verb} ${path}`).toBe(405);
      }),
      { numRuns: 240 },
    );
  });

  it("raw bytes of any kind to every POST route never produce a 5xx", { timeout: 120_000 }, async () => {
    const postRoutes = Object.values(API_ROUTES).filter((r) => r.methods.includes("POST"));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...postRoutes), pathId, fc.oneof(fc.string({ maxLength: 200 }), fc.constant("{"), fc.constant("[]"), fc.constant("null")), async (route, id, rawBody) => {
        const path = route.path(id);
        const { status, json } = await call<Record<string, unknown>>(path, { rawBody });
        await expectSentence(path, status, json);
      }),
      { numRuns: 50 },
    );
  });
});

describe("Form actions of pages: any body, any content type, never a 5xx", () => {
  // Without a session the admin pages refuse before reading the form; contact, newsletter and login read it.
  const formRoutes = ["/contact", "/newsletter", "/admin/login", "/admin?index", "/admin/moderation", "/admin/messages", "/admin/outbox", "/admin/logout", "/?index", "/mail/stop"];
  const contentType = fc.constantFrom("application/x-www-form-urlencoded", "multipart/form-data", "multipart/form-data; boundary=x", "application/json", "text/plain", "");
  const body = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.dictionary(fc.constantFrom("name", "email", "subject", "message", "password", "intent", "id", "wish", "token", "t"), fc.string({ maxLength: 80 })).map((d) => new URLSearchParams(d).toString()),
  );

  it("answers a refusal or a page, not a server error", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...formRoutes), contentType, body, async (path, type, payload) => {
        const headers = new Headers({ "CF-Connecting-IP": freshIp() });
        if (type) headers.set("Content-Type", type);
        const response = await exports.default.fetch(`${ORIGIN}${path}`, { method: "POST", headers, body: payload });
        const text = await response.text();
        expect(response.status, `POST ${path} (${type}) answered ${response.status}: ${text.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });
});
