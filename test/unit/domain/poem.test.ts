import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashString, poemFor, POEM_LINES, readingKind } from "../../../app/domain/poem";

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

describe("poemFor", () => {
  it("offers at least six distinct lines of each kind", () => {
    for (const lines of Object.values(POEM_LINES)) {
      expect(new Set(lines).size).toBeGreaterThanOrEqual(6);
    }
  });

  it("chooses the same line for the same bit string", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[01]{1,16}$/), (bits) => {
        expect(poemFor(bits)).toBe(poemFor(bits));
      }),
    );
  });

  it("chooses a line of the reading's kind", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[01]{0,16}$/), (bits) => {
        expect(POEM_LINES[readingKind(bits)]).toContain(poemFor(bits));
      }),
    );
  });

  it("follows the majority of bits", () => {
    expect(POEM_LINES.hope).toContain(poemFor("11110"));
    expect(POEM_LINES.peace).toContain(poemFor("00001"));
    expect(POEM_LINES.balanced).toContain(poemFor("0011"));
  });

  it("uses more than one line across many bit strings", () => {
    const hopeful = ["11", "111", "1111", "11011", "10111", "11101", "111111", "1101101"].map(poemFor);
    expect(new Set(hopeful).size).toBeGreaterThan(1);
  });
});
