import { english } from "../../support/english";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as messages from "../../../app/domain/messages";
import { isRingVisualActive } from "../../../app/domain/wish-rules";
import {
  firstIssue,
  fingerprintSchema,
  friendWishSchema,
  isCounterWarning,
  resonateSchema,
  ringRequestSchema,
  wallQuerySchema,
  wishCharacterHint,
  wishSubmitSchema,
  wishTextSchema,
} from "../../../app/domain/wish";

const fingerprint = "abcdefgh_12345-XY";
const validWish = "May every village find peace";

function errorOf(result: { success: boolean; error?: unknown }) {
  if (result.success) throw new Error("expected a failure");
  return firstIssue(result.error as Parameters<typeof firstIssue>[0]);
}

const knownSentences = new Set(Object.values(messages).filter((value) => typeof value === "string"));

describe("wishTextSchema", () => {
  it.each([
    [undefined, messages.WISH_REQUIRED],
    [null, messages.WISH_REQUIRED],
    ["", messages.WISH_REQUIRED],
    ["   \n\t ", messages.WISH_REQUIRED],
    [42, messages.WISH_NOT_TEXT],
    ["123456789", messages.WISH_TOO_SHORT],
    ["   123456789   ", messages.WISH_TOO_SHORT],
    ["x".repeat(251), messages.WISH_TOO_LONG],
  ])("refuses %j with its sentence", (input, sentence) => {
    expect(errorOf(wishTextSchema.safeParse(input)).error).toBe(sentence);
  });

  it("accepts the boundaries of 10 and 250 characters, trimmed", () => {
    expect(wishTextSchema.parse("1234567890")).toBe("1234567890");
    expect(wishTextSchema.parse("x".repeat(250))).toHaveLength(250);
    expect(wishTextSchema.parse(`  ${"x".repeat(250)}  `)).toHaveLength(250);
    expect(wishTextSchema.parse("  peace to all  ")).toBe("peace to all");
  });

  it("reports one issue for a blank wish", () => {
    const result = wishTextSchema.safeParse("   ");
    expect(result.success ? [] : result.error.issues).toHaveLength(1);
  });
});

describe("fingerprintSchema", () => {
  it("accepts 16 to 128 letters, digits, _ and -", () => {
    expect(fingerprintSchema.safeParse("a".repeat(16)).success).toBe(true);
    expect(fingerprintSchema.safeParse("A-z_9".repeat(25) + "abc").success).toBe(true);
  });

  it.each([["a".repeat(15)], ["a".repeat(129)], ["abcdefghijklmnop!"], ["abcdefgh ijklmnop"], [1234567890123456], [undefined]])(
    "refuses %j",
    (input) => {
      expect(errorOf(fingerprintSchema.safeParse(input)).error).toBe(messages.FINGERPRINT_INVALID);
    },
  );
});

describe("wishSubmitSchema", () => {
  it("trims, drops blanks and coerces coordinates", () => {
    const parsed = wishSubmitSchema.parse({
      wish: `  ${validWish}  `,
      name: "   ",
      email: "",
      country: " France ",
      location: null,
      lat: "48.85",
      lon: 2.35,
      timestamp: "2026-11-22T06:40:00.000Z",
      deviceFingerprint: fingerprint,
      extra: "ignored",
    });
    expect(parsed).toEqual({
      wish: validWish,
      name: undefined,
      email: undefined,
      country: "France",
      location: undefined,
      lat: 48.85,
      lon: 2.35,
      timestamp: undefined,
      deviceFingerprint: fingerprint,
    });
    expect(parsed).not.toHaveProperty("extra");
  });

  it("accepts a minimal body", () => {
    const parsed = wishSubmitSchema.parse({ wish: validWish, deviceFingerprint: fingerprint });
    expect(parsed.wish).toBe(validWish);
    expect(parsed.lat).toBeUndefined();
  });

  it("trims a valid e-mail address", () => {
    expect(wishSubmitSchema.parse({ wish: validWish, deviceFingerprint: fingerprint, email: " a@b.co " }).email).toBe(
      "a@b.co",
    );
  });

  it.each([
    [{ name: "n".repeat(61) }, "name", messages.NAME_INVALID],
    [{ name: 7 }, "name", messages.NAME_INVALID],
    [{ email: "not-an-email" }, "email", messages.EMAIL_INVALID],
    [{ email: 12 }, "email", messages.EMAIL_INVALID],
    [{ country: "c".repeat(61) }, "country", messages.COUNTRY_INVALID],
    [{ location: "l".repeat(101) }, "location", messages.LOCATION_INVALID],
    [{ lat: 90.01 }, "lat", messages.LATITUDE_INVALID],
    [{ lat: "-91" }, "lat", messages.LATITUDE_INVALID],
    [{ lat: "north" }, "lat", messages.LATITUDE_INVALID],
    [{ lat: true }, "lat", messages.LATITUDE_INVALID],
    [{ lon: 180.5 }, "lon", messages.LONGITUDE_INVALID],
    [{ lon: "Infinity" }, "lon", messages.LONGITUDE_INVALID],
    [{ timestamp: { at: 1 } }, "timestamp", messages.TIMESTAMP_INVALID],
    [{ deviceFingerprint: "short" }, "deviceFingerprint", messages.FINGERPRINT_INVALID],
    [{ wish: "too short" }, "wish", messages.WISH_TOO_SHORT],
  ])("refuses %j with a sentence on the field", (override, field, sentence) => {
    const body = { wish: validWish, deviceFingerprint: fingerprint, ...override };
    expect(errorOf(wishSubmitSchema.safeParse(body))).toEqual({ error: sentence, field });
  });

  it("accepts the coordinate boundaries and blank coordinates", () => {
    const parsed = wishSubmitSchema.parse({ wish: validWish, deviceFingerprint: fingerprint, lat: -90, lon: "180" });
    expect([parsed.lat, parsed.lon]).toEqual([-90, 180]);
    const blank = wishSubmitSchema.parse({ wish: validWish, deviceFingerprint: fingerprint, lat: "", lon: null });
    expect([blank.lat, blank.lon]).toEqual([undefined, undefined]);
  });

  it("refuses a body that is not an object without naming a field", () => {
    for (const body of [null, "wish", 3, []]) {
      expect(errorOf(wishSubmitSchema.safeParse(body))).toEqual({ error: messages.REQUEST_BODY_INVALID });
    }
  });
});

describe("friendWishSchema", () => {
  it("trims every value and keeps the optional ones optional", () => {
    expect(friendWishSchema.parse({ wish: "  Peace  ", friendEmail: " friend@example.org ", message: "  " })).toEqual({
      wish: "Peace",
      friendEmail: "friend@example.org",
      name: undefined,
      message: undefined,
    });
  });

  it.each([
    [{ wish: "  ", friendEmail: "f@example.org" }, "wish", messages.FRIEND_WISH_REQUIRED],
    [{ friendEmail: "f@example.org" }, "wish", messages.FRIEND_WISH_REQUIRED],
    [{ wish: "w".repeat(251), friendEmail: "f@example.org" }, "wish", messages.WISH_TOO_LONG],
    [{ wish: "Peace" }, "friendEmail", messages.FRIEND_EMAIL_INVALID],
    [{ wish: "Peace", friendEmail: "friend@" }, "friendEmail", messages.FRIEND_EMAIL_INVALID],
    [{ wish: "Peace", friendEmail: "f@example.org", message: "m".repeat(501) }, "message", messages.FRIEND_MESSAGE_TOO_LONG],
  ])("refuses %j", (body, field, sentence) => {
    expect(errorOf(friendWishSchema.safeParse(body))).toEqual({ error: sentence, field });
  });

  it("uses the spec's sentence for a bad friend e-mail", () => {
    expect(messages.FRIEND_EMAIL_INVALID).toBe("Please enter a valid friend's email.");
  });
});

describe("wallQuerySchema", () => {
  it("fills the defaults from an empty query", () => {
    expect(wallQuerySchema.parse({})).toEqual({
      page: 1,
      pageSize: 20,
      theme: "all",
      timeFilter: "all",
      sortBy: "newest",
      country: undefined,
      deviceFingerprint: undefined,
    });
  });

  it("reads URLSearchParams strings", () => {
    const params = new URLSearchParams(
      `page=3&pageSize=6&theme=Hope&timeFilter=week&sortBy=mostResonated&country=France&deviceFingerprint=${fingerprint}`,
    );
    expect(wallQuerySchema.parse(Object.fromEntries(params))).toEqual({
      page: 3,
      pageSize: 6,
      theme: "Hope",
      timeFilter: "week",
      sortBy: "mostResonated",
      country: "France",
      deviceFingerprint: fingerprint,
    });
  });

  it.each([
    [{ page: "0" }, { page: 1 }],
    [{ page: "-4" }, { page: 1 }],
    [{ page: "abc" }, { page: 1 }],
    [{ page: "2.7" }, { page: 2 }],
    [{ pageSize: "0" }, { pageSize: 1 }],
    [{ pageSize: "51" }, { pageSize: 50 }],
    [{ pageSize: "9999" }, { pageSize: 50 }],
    [{ pageSize: "" }, { pageSize: 20 }],
    [{ theme: "", timeFilter: "", sortBy: "" }, { theme: "all", timeFilter: "all", sortBy: "newest" }],
  ])("clamps or defaults %j", (query, expected) => {
    expect(wallQuerySchema.parse(query)).toMatchObject(expected);
  });

  it("keeps the page offset a safe integer", () => {
    const { page, pageSize } = wallQuerySchema.parse({ page: "9".repeat(30), pageSize: "50" });
    expect(Number.isSafeInteger(page * pageSize)).toBe(true);
  });

  it.each([
    [{ theme: "Joy" }, "theme", messages.WALL_THEME_INVALID],
    [{ theme: "peace" }, "theme", messages.WALL_THEME_INVALID],
    [{ timeFilter: "year" }, "timeFilter", messages.WALL_TIME_FILTER_INVALID],
    [{ sortBy: "random" }, "sortBy", messages.WALL_SORT_INVALID],
    [{ deviceFingerprint: "bad!" }, "deviceFingerprint", messages.FINGERPRINT_INVALID],
  ])("refuses unknown values %j", (query, field, sentence) => {
    expect(errorOf(wallQuerySchema.safeParse(query))).toEqual({ error: sentence, field });
  });
});

describe("ringRequestSchema and resonateSchema", () => {
  it("accepts up to five wish ids, or none", () => {
    expect(ringRequestSchema.parse({ deviceFingerprint: fingerprint })).toEqual({ deviceFingerprint: fingerprint });
    const ids = ["a", "b", "c", "d", "x".repeat(64)];
    expect(ringRequestSchema.parse({ wishIds: ids, deviceFingerprint: fingerprint }).wishIds).toEqual(ids);
  });

  it.each([
    [{ wishIds: ["1", "2", "3", "4", "5", "6"] }, messages.RING_TOO_MANY_WISHES],
    [{ wishIds: [""] }, messages.RING_WISH_ID_INVALID],
    [{ wishIds: ["x".repeat(65)] }, messages.RING_WISH_ID_INVALID],
    [{ wishIds: [7] }, messages.RING_WISH_ID_INVALID],
    [{ wishIds: "abc" }, messages.RING_WISH_IDS_INVALID],
  ])("refuses %j", (override, sentence) => {
    expect(errorOf(ringRequestSchema.safeParse({ deviceFingerprint: fingerprint, ...override }))).toEqual({
      error: sentence,
      field: "wishIds",
    });
  });

  it("needs a fingerprint to resonate", () => {
    expect(resonateSchema.parse({ deviceFingerprint: fingerprint })).toEqual({ deviceFingerprint: fingerprint });
    expect(errorOf(resonateSchema.safeParse({}))).toEqual({
      error: messages.FINGERPRINT_INVALID,
      field: "deviceFingerprint",
    });
  });
});

describe("every schema on arbitrary input", () => {
  const schemas = { wishSubmitSchema, friendWishSchema, wallQuerySchema, ringRequestSchema, resonateSchema };

  it.each(Object.entries(schemas))("%s never throws and answers only with sentences from messages.ts", (_name, schema) => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.dictionary(fc.constantFrom("wish", "name", "email", "country", "lat", "lon", "page", "pageSize", "theme", "sortBy", "wishIds", "friendEmail", "message", "deviceFingerprint", "timestamp"), fc.anything())), (input) => {
        const result = schema.safeParse(input);
        if (!result.success) {
          const { error } = firstIssue(result.error);
          expect(knownSentences, error).toContain(error);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("accepts any wish text of valid trimmed length", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 10, maxLength: 250 }).filter((text) => text.trim() === text && text.length >= 10), (text) => {
        expect(wishTextSchema.parse(text)).toBe(text);
      }),
    );
  });
});

describe("wishCharacterHint and isCounterWarning", () => {
  it("counts down from one to nine characters", () => {
    expect(wishCharacterHint(english, 1)).toBe("9 more characters and your wish will be ready to send!");
    expect(wishCharacterHint(english, 9)).toBe("1 more character and your wish will be ready to send!");
  });

  it("prompts when empty or long enough", () => {
    for (const length of [0, 10, 250]) {
      expect(wishCharacterHint(english, length)).toBe("If you could send one wish into the universe, what would it be?");
    }
  });

  it("warns above 220 characters only", () => {
    expect(isCounterWarning(220)).toBe(false);
    expect(isCounterWarning(221)).toBe(true);
    expect(isCounterWarning(250)).toBe(true);
  });
});

describe("isRingVisualActive (docs/product.md#validation)", () => {
  it("is active only with text and not while sending", () => {
    expect(isRingVisualActive("Peace", false)).toBe(true);
    expect(isRingVisualActive("   ", false)).toBe(false);
    expect(isRingVisualActive("", false)).toBe(false);
    expect(isRingVisualActive("Peace", true)).toBe(false);
  });
});
