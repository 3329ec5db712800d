import { english } from "../../support/english";
import { describe, expect, it } from "vitest";
import { constellationLayout } from "../../../app/domain/constellation";
import { wishReading } from "../../../app/components/result/result-copy";

describe("constellationLayout", () => {
  it("puts one star per wish inside the picture, in the wishes' order, joined to its neighbours", () => {
    for (let qubits = 1; qubits <= 5; qubits++) {
      const layout = constellationLayout(qubits);
      expect(layout.stars).toHaveLength(qubits);
      for (const star of layout.stars) {
        expect(star.x).toBeGreaterThan(0);
        expect(star.x).toBeLessThan(layout.width);
        expect(star.y).toBeGreaterThan(0);
        expect(star.y).toBeLessThan(layout.height);
      }
      const xs = layout.stars.map((star) => star.x);
      expect([...xs].sort((a, b) => a - b)).toEqual(xs);
      expect(layout.links).toEqual(Array.from({ length: qubits - 1 }, (_, q) => [q, q + 1]));
    }
  });

  it("runs from the right in a right-to-left language, as the bit tiles do: the same picture, mirrored", () => {
    for (let qubits = 1; qubits <= 5; qubits++) {
      const ltr = constellationLayout(qubits);
      const rtl = constellationLayout(qubits, "rtl");
      expect(rtl.stars.map((star) => ({ x: rtl.width - star.x, y: star.y }))).toEqual(ltr.stars);
      const xs = rtl.stars.map((star) => star.x);
      expect([...xs].sort((a, b) => b - a)).toEqual(xs);
      expect(rtl.links).toEqual(ltr.links);
    }
  });

  it("centres a lone star and draws nothing for no wish", () => {
    expect(constellationLayout(1).stars).toEqual([{ x: 160, y: 60 }]);
    expect(constellationLayout(0)).toMatchObject({ stars: [], links: [] });
  });
});

describe("wishReading", () => {
  it("says in plain words which way each wish leaned, by name when it has one", () => {
    expect(wishReading(english, "Wish 1", "Mira", "1")).toBe("Mira's wish came out 1: it leaned toward hope.");
    expect(wishReading(english, "Wish 2", "Anonymous", "0")).toBe("Wish 2 came out 0: it leaned toward peace.");
    expect(wishReading(english, "Wish 3", null, "1")).toBe("Wish 3 came out 1: it leaned toward hope.");
  });
});
