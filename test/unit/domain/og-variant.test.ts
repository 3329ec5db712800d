import { describe, expect, it } from "vitest";
import { readRingVariant, ringVariant } from "../../../app/domain/og-variant";

describe("ring share image variants", () => {
  it("carries a ring's measured bits and reads them back", () => {
    expect(ringVariant("bell", "10110")).toBe("bell-10110");
    expect(readRingVariant("story-01")).toEqual({ format: "story", bits: "01", ringId: null });
  });

  it("drops bits that are not a ring's (none yet, not binary, more than five qubits)", () => {
    expect(ringVariant("bell", null)).toBe("bell");
    expect(ringVariant("story", "102")).toBe("story");
    expect(ringVariant("bell", "101010")).toBe("bell");
  });

  it("carries a ring's id on its posters, story and square, never on the bell card, and only a ULID (issue 36)", () => {
    const id = "01M8F4E2WZFW6AB96Y7CSTDKHB";
    expect(ringVariant("story", "101", id)).toBe(`story-101-${id}`);
    expect(ringVariant("square", "101", id)).toBe(`square-101-${id}`);
    expect(ringVariant("bell", "101", id)).toBe("bell-101");
    expect(ringVariant("story", "101", "ring-1")).toBe("story-101");
    expect(readRingVariant(`story-101-${id}`)).toEqual({ format: "story", bits: "101", ringId: id });
    expect(readRingVariant(`story-101-${id.toLowerCase()}`)).toBeNull();
    expect(readRingVariant(`story-101-${id}x`)).toBeNull();
    for (const variant of ["bell", "bell-", "bell-2", "story-101010", "square-", null, "bell-1 "]) expect(readRingVariant(variant)).toBeNull();
  });
});
