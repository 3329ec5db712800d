import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call } from "../support/api";

// Property: whatever a client sends, every API answers JSON with a sentence, and never a 5xx.
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const looseBody = fc.oneof(
  jsonValue,
  fc.record(
    {
      wish: fc.oneof(fc.string({ maxLength: 300 }), jsonValue),
      name: fc.oneof(fc.string({ maxLength: 80 }), jsonValue),
      email: fc.oneof(fc.emailAddress(), fc.string(), jsonValue),
      country: fc.oneof(fc.string({ maxLength: 80 }), jsonValue),
      lat: fc.oneof(fc.double(), fc.string(), jsonValue),
      lon: fc.oneof(fc.double(), fc.string(), jsonValue),
      deviceFingerprint: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{10,140}$/), jsonValue),
      wishIds: fc.oneof(fc.array(fc.string({ maxLength: 70 }), { maxLength: 8 }), jsonValue),
      friendEmail: fc.oneof(fc.emailAddress(), fc.string()),
    },
    { requiredKeys: [] },
  ),
);

const posts = ["/api/wishes", "/api/wishes/some-id/resonate", "/api/bell/ring"];
const gets = [
  "/api/wishes/wall",
  "/api/reverse-geocode",
  "/api/bell/history",
  "/api/wishes/x",
  "/api/stats",
  "/api/wishes/live-activity",
  "/api/wishes/status/pending",
];

async function expectSentence(path: string, status: number, json: Record<string, unknown>) {
  expect(status, `${path} answered ${status}`).toBeLessThan(500);
  if (status >= 400) {
    expect(json.success).toBe(false);
    expect(typeof json.error).toBe("string");
    expect(String(json.error).length).toBeGreaterThan(5);
  }
}

describe("API fuzzing (fast-check)", () => {
  it("POST bodies of any shape never produce a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...posts), looseBody, async (path, body) => {
        const { status, json } = await call<Record<string, unknown>>(path, { body });
        await expectSentence(path, status, json);
      }),
      { numRuns: 120 },
    );
  });

  it("raw bytes that are not JSON never produce a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...posts), fc.string({ maxLength: 200 }), async (path, rawBody) => {
        const { status, json } = await call<Record<string, unknown>>(path, { rawBody });
        await expectSentence(path, status, json);
      }),
      { numRuns: 60 },
    );
  });

  it("query strings of any shape never produce a 5xx", async () => {
    const key = fc.constantFrom("page", "pageSize", "theme", "timeFilter", "sortBy", "country", "deviceFingerprint", "lat", "lon");
    const query = fc.array(fc.tuple(key, fc.string({ maxLength: 40 })), { maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...gets), query, async (path, pairs) => {
        const search = new URLSearchParams(pairs).toString();
        const { status, json } = await call<Record<string, unknown>>(`${path}?${search}`);
        await expectSentence(path, status, json);
      }),
      { numRuns: 120 },
    );
  });

  it("wrong methods answer a JSON 405", async () => {
    for (const path of gets.slice(0, 3)) {
      const { status, json } = await call<Record<string, unknown>>(path, { method: "DELETE" });
      expect(status).toBe(405);
      expect(json.success).toBe(false);
    }
    const { status } = await call("/api/wishes/x/resonate", { method: "GET" });
    expect(status).toBe(405);
  });
});
