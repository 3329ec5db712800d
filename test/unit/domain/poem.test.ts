import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashString, readingKind } from "../../../app/domain/poem";

describe("hashString", () => {
  it("matches the FNV-1a 32-bit reference values", () => {
    expect(hashString("")).toBe(0x811c9dc5);
    expect(hashString("a")).toBe(0xe40c292c);
    expect(hashString("foobar")).toBe(0xbf9cf968);
  });

  it("is an unsigned 32-bit integer", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const hash = hashString(text);
        expect(Number.isInteger(hash) && hash >= 0 && hash < 2 ** 32).toBe(true);
      }),
    );
  });
});

describe("readingKind", () => {
  it.each([
    ["11101", "hope"],
    ["1", "hope"],
    ["00010", "peace"],
    ["0", "peace"],
    ["1010", "balanced"],
    ["", "balanced"],
  ])("%j reads as %s", (bits, kind) => {
    expect(readingKind(bits)).toBe(kind);
  });
});

// The line the reading picks is the verse's first line: test/unit/verse/verse.test.ts.
