import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatLongUtcDateTime, formatShortDateTime, groupThousands } from "../../../app/domain/format";

// Any moment from year 1000 to 9999: what the wall and ring pages may be asked to print.
const moments = fc.date({ min: new Date("1000-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true });

describe("formatShortDateTime", () => {
  it("prints what Intl's en-GB medium date and short time print, in UTC", () => {
    const intl = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
    fc.assert(fc.property(moments, (date) => formatShortDateTime(date, "utc") === intl.format(date)), { numRuns: 2000 });
  });

  it("reads the device's own clock for local time", () => {
    const intl = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
    fc.assert(fc.property(moments, (date) => formatShortDateTime(date, "local") === intl.format(date)), { numRuns: 500 });
  });

  it.each([
    ["2026-11-22T15:23:59.999Z", "22 Nov 2026, 15:23"],
    ["2026-09-05T03:07:00Z", "5 Sept 2026, 03:07"],
    ["2027-01-01T00:00:00Z", "1 Jan 2027, 00:00"],
  ])("%s → %s", (iso, expected) => {
    expect(formatShortDateTime(new Date(iso), "utc")).toBe(expected);
  });
});

describe("formatLongUtcDateTime", () => {
  it("writes ring times in UTC, the same on server and browser", () => {
    expect(formatLongUtcDateTime("2026-11-22T06:40:00.000Z")).toBe("22 November 2026, 06:40 UTC");
    expect(formatLongUtcDateTime("2027-01-05T23:05:00.000Z")).toBe("5 January 2027, 23:05 UTC");
    expect(formatLongUtcDateTime("not a date")).toBe("");
  });
});

describe("groupThousands", () => {
  it("prints whole numbers as Intl's en-US does", () => {
    const intl = new Intl.NumberFormat("en-US");
    fc.assert(fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (value) => groupThousands(value) === intl.format(value)));
  });

  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1,000"],
    [1234567, "1,234,567"],
    [-1000, "-1,000"],
  ])("%d → %s", (value, expected) => {
    expect(groupThousands(value)).toBe(expected);
  });
});
