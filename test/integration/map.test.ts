import { describe, expect, it } from "vitest";
import type { MapCountry } from "~/domain/map-country";
import { call, submit } from "../support/api";

type CountriesBody = { success: boolean; countries: MapCountry[] };

describe("GET /api/map/countries", () => {
  it("lists each country with wishes at its centroid, with counts, state and flag images", async () => {
    expect((await submit({ country: "Fiji", wish: "May the islands rest in calm and peaceful waters" })).json.success).toBe(true);
    expect((await submit({ country: "fj", wish: "May every family on the islands feel hope today" })).json.success).toBe(true);

    const { status, headers, json } = await call<CountriesBody>("/api/map/countries");
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toContain("application/json");
    expect(json.success).toBe(true);

    const fiji = json.countries.find((country) => country.countryCode === "FJ");
    expect(fiji).toMatchObject({
      country: "Fiji",
      flag: "🇫🇯",
      lat: -18,
      lon: 175,
      isNew: true,
      hasEntangledWishes: false,
    });
    expect(fiji?.wishCount).toBeGreaterThanOrEqual(2);
    expect(fiji?.pendingWishCount).toBeGreaterThanOrEqual(2);
    expect(fiji?.flagImages).toHaveLength(4);
    expect(fiji?.flagImages[0]).toBe("/flags/FJ.svg");
  });

  it("skips wishes without a country and never repeats a code", async () => {
    expect((await submit({ wish: "May peace find everyone, wherever they are" })).json.success).toBe(true);
    const { json } = await call<CountriesBody>("/api/map/countries");
    for (const country of json.countries) {
      expect(country.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(country.country.trim()).not.toBe("");
      expect(Number.isFinite(country.lat) && Number.isFinite(country.lon)).toBe(true);
    }
    const codes = json.countries.map((country) => country.countryCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(JSON.stringify(json)).not.toMatch(/"(email|fingerprint|ip|lastWish)"/);
  });

  it("answers other methods with a JSON 405", async () => {
    const { status, json } = await call("/api/map/countries", { method: "POST", body: {} });
    expect(status).toBe(405);
    expect(json).toMatchObject({ success: false });
  });
});
