import { describe, expect, it } from "vitest";
import { OSM_TILE_URL, tileSettings, usesOsmPublicTiles } from "~/domain/map-tiles";
import { privacySettingsWarnings, tileServiceWarning } from "../../../scripts/lib/tile-check.mjs";

const SETTINGS = [
  {},
  { MAP_TILE_URL: "" },
  { MAP_TILE_URL: "off" },
  { MAP_TILE_URL: " OFF " },
  { MAP_TILE_URL: OSM_TILE_URL },
  { MAP_TILE_URL: "https://a.tile.openstreetmap.org/{z}/{x}/{y}.png" },
  { MAP_TILE_URL: "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png" },
  { MAP_TILE_URL: "https://tiles.example.org/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: "© Example", MAP_TILE_PROVIDER: "Example Maps Ltd" },
  { MAP_TILE_URL: "https://{s}.tiles.example.org/{z}/{x}/{y}.png" },
  { MAP_TILE_URL: "http://insecure.example.org/{z}/{x}/{y}.png" },
  { MAP_TILE_URL: "not a url" },
];

describe("the tile service as an operator setting", () => {
  it("defaults to OpenStreetMap's public tiles, and names the configured service, its credit and its origin", () => {
    expect(tileSettings({})).toMatchObject({ url: OSM_TILE_URL, origin: "https://tile.openstreetmap.org", provider: expect.stringContaining("OpenStreetMap Foundation") });
    expect(tileSettings(SETTINGS[7])).toEqual({
      url: "https://tiles.example.org/{z}/{x}/{y}.png",
      attribution: "© Example",
      provider: "Example Maps Ltd",
      origin: "https://tiles.example.org",
    });
    expect(tileSettings(SETTINGS[8])).toMatchObject({ origin: "https://*.tiles.example.org", provider: "*.tiles.example.org" });
    expect(usesOsmPublicTiles({ MAP_TILE_URL: "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png" })).toBe(true);
  });

  it("is off for 'off', and for anything that is not an https template (the map then draws its own shapes)", () => {
    for (const env of [SETTINGS[2], SETTINGS[3], SETTINGS[9], SETTINGS[10]]) expect(tileSettings(env), JSON.stringify(env)).toBeNull();
  });

  it("check:production warns exactly when production would use OSM's public tiles", () => {
    for (const env of SETTINGS) {
      const warning = tileServiceWarning(env);
      expect(warning !== null, JSON.stringify(env)).toBe(usesOsmPublicTiles(env));
      if (warning) expect(warning).toContain("operations.osmfoundation.org/policies/tiles");
    }
    expect(tileServiceWarning({})).toMatch(/MAP_TILE_URL is not set/);
    expect(tileServiceWarning({ MAP_TILE_URL: "off" })).toBeNull();
  });

  it("check:production also warns when the controller or how to reach them is not set", () => {
    expect(privacySettingsWarnings({})).toHaveLength(3);
    expect(privacySettingsWarnings({ MAP_TILE_URL: "off", OPERATOR_NAME: "Bell Works Ltd", OPERATOR_CONTACT: "privacy@bellworks.example" })).toEqual([]);
    expect(privacySettingsWarnings({ MAP_TILE_URL: "off", OPERATOR_NAME: " " })).toEqual([
      "OPERATOR_NAME is not set: /privacy cannot name the data controller.",
      expect.stringContaining("OPERATOR_CONTACT is not set"),
    ]);
  });
});
