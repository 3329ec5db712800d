import { describe, expect, it } from "vitest";
import { firstPerNetwork, previewsByCountry } from "../../../app/domain/distinct-networks";

describe("firstPerNetwork", () => {
  it("keeps order, one item per network, items without a network each their own", () => {
    const items = [
      { id: 1, n: "a" },
      { id: 2, n: "a" },
      { id: 3, n: null },
      { id: 4, n: "b" },
      { id: 5, n: null },
      { id: 6, n: "c" },
    ];
    expect(firstPerNetwork(items, (item) => item.n, 4).map((item) => item.id)).toEqual([1, 3, 4, 5]);
  });
});

describe("previewsByCountry", () => {
  it("gives each country its newest wish from a network no earlier country's preview used", () => {
    const recent = [
      { countryCode: "PT", network: "x", text: "flood PT" },
      { countryCode: "GH", network: "x", text: "flood GH" },
      { countryCode: "GH", network: "y", text: "real GH" },
      { countryCode: "PE", network: "x", text: "flood PE" },
    ];
    const previews = previewsByCountry(["PT", "GH", "PE"], recent);
    expect(Object.fromEntries(previews)).toEqual({ PT: "flood PT", GH: "real GH" });
  });
});
