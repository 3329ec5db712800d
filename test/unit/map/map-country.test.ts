import { describe, expect, it } from "vitest";
import { flagDisplay, sortMapCountries, type MapCountry } from "../../../app/domain/map-country";

const IMAGES = ["https://a.example/fr.png", "https://b.example/fr.svg", "https://c.example/FR.png", "https://d.example/FR.svg"];

describe("flagDisplay", () => {
  it("tries each image in order, then falls back to the emoji flag", () => {
    const shown = [0, 1, 2, 3, 4].map((failures) => flagDisplay(IMAGES, "🇫🇷", failures));
    expect(shown).toEqual([
      { kind: "image", src: IMAGES[0] },
      { kind: "image", src: IMAGES[1] },
      { kind: "image", src: IMAGES[2] },
      { kind: "image", src: IMAGES[3] },
      { kind: "emoji", emoji: "🇫🇷" },
    ]);
  });

  it("shows the emoji straight away when there are no images", () => {
    expect(flagDisplay([], "🇯🇵", 0)).toEqual({ kind: "emoji", emoji: "🇯🇵" });
  });
});

function country(countryCode: string, name: string, wishCount: number, pendingWishCount = 0): MapCountry {
  return {
    countryCode,
    country: name,
    flag: "",
    lat: 0,
    lon: 0,
    wishCount,
    pendingWishCount,
    hasEntangledWishes: false,
    isNew: false,
    flagImages: [],
  };
}

describe("sortMapCountries", () => {
  const list = [country("JP", "Japan", 4, 1), country("BR", "Brazil", 9, 0), country("AT", "Austria", 4, 3)];
  const names = (sorted: MapCountry[]) => sorted.map((c) => c.country);

  it("sorts by name either way", () => {
    expect(names(sortMapCountries(list, "country", "ascending"))).toEqual(["Austria", "Brazil", "Japan"]);
    expect(names(sortMapCountries(list, "country", "descending"))).toEqual(["Japan", "Brazil", "Austria"]);
  });

  it("sorts by a count and breaks ties by name", () => {
    expect(names(sortMapCountries(list, "wishCount", "descending"))).toEqual(["Brazil", "Austria", "Japan"]);
    expect(names(sortMapCountries(list, "wishCount", "ascending"))).toEqual(["Austria", "Japan", "Brazil"]);
    expect(names(sortMapCountries(list, "pendingWishCount", "descending"))).toEqual(["Austria", "Japan", "Brazil"]);
  });

  it("leaves the input untouched", () => {
    const before = names(list);
    sortMapCountries(list, "country", "descending");
    expect(names(list)).toEqual(before);
  });
});
