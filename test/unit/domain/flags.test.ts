import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ownFlagSources, selfHostedFlag } from "../../../app/domain/flags";
import { allCountries } from "../../../app/server/geo/countries.server";

describe("self-hosted flags", () => {
  it("name the site's own SVG for a two-letter code, and nothing for anything else", () => {
    expect(selfHostedFlag("fr")).toBe("/flags/FR.svg");
    expect(selfHostedFlag(" JP ")).toBe("/flags/JP.svg");
    expect(selfHostedFlag("../x")).toBeNull();
    expect(selfHostedFlag("FRA")).toBeNull();
    expect(ownFlagSources("")).toEqual([]);
  });

  it("exist in country-flag-icons for every country a wish can name", () => {
    const folder = join(createRequire(import.meta.url).resolve("country-flag-icons/package.json"), "..", "3x2");
    const drawn = new Set(readdirSync(folder).map((file) => file.replace(/\.svg$/, "")));
    const missing = allCountries().map((country) => country.code).filter((code) => !drawn.has(code));
    expect(missing).toEqual([]);
  });
});
