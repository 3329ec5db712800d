import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "~/server/admin/csv.server";

describe("CSV export", () => {
  it.each([
    ["plain@example.org", "plain@example.org"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+1 555", "'+1 555"],
    ["-2", "'-2"],
    ["@cmd", "'@cmd"],
    ["\t=1", "'\t=1"],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ["", ""],
  ])("writes %j as %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("writes empty cells for null and undefined, and numbers as they are", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(42)).toBe("42");
  });

  it("joins rows with CRLF and ends with one", () => {
    expect(toCsv(["a", "b"], [["1", null], ["x,y", "=z"]])).toBe('a,b\r\n1,\r\n"x,y",\'=z\r\n');
  });
});
