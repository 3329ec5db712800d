import { describe, expect, it } from "vitest";
import { readRingVariant, ringVariant } from "../../../app/domain/og-variant";

describe("ring share image variants", () => {
  it("carries a ring's measured bits and reads them back", () => {
    expect(ringVariant("bell", "10110")).toBe("bell-10110");
    expect(readRingVariant("story-01")).toEqual({ format: "story", bits: "01" });
  });

  it("drops bits that are not a ring's (none yet, not binary, more than five qubits)", () => {
    expect(ringVariant("bell", null)).toBe("bell");
    expect(ringVariant("story", "102")).toBe("story");
    expect(ringVariant("bell", "101010")).toBe("bell");
    for (const variant of ["bell", "bell-", "bell-2", "story-101010", "square-1", null, "bell-1 "]) expect(readRingVariant(variant)).toBeNull();
  });
});
