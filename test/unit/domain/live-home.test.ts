import { describe, expect, it } from "vitest";
import { applyToHome, type LiveHome } from "~/domain/live-home";
import { withEntangledWishes, withSubmittedWish, type MapCountry } from "~/domain/map-country";
import type { PublicWish } from "~/domain/public-wish";

const wish = (id: string, country: string | null, countryCode: string | null, status: PublicWish["status"] = "pending") =>
  ({ id, wish: `A wish for the river towns, number ${id}`, name: "", country, countryCode, location: country ?? "", theme: "Peace", status, bellRingId: null, timestamp: "2026-11-25T10:00:00.000Z", resonanceCount: 0 }) as PublicWish;

const home: LiveHome = {
  stats: { totalWishes: 10, countriesEntangled: 2 },
  pending: [wish("a", "Peru", "PE"), wish("b", "Chile", "CL")],
  liveStrip: [{ country: "Peru", countryCode: "PE", flag: "🇵🇪", wishCount: 4, isNew: false, preview: "old" }],
  creditsSeconds: 300,
};
const completed = (data: { creditsSeconds?: number | null; countryCodes?: string[] }) =>
  ({ type: "batch-update", subType: "completed", bellRingId: "r", data: { result: { quantumResult: "1", poem: "p", counts: { "1": 1 } }, ...data } }) as const;
const submitted = (w: PublicWish) => ({ type: "wish-submitted", country: w.country, countryCode: w.countryCode, theme: w.theme, wish: w }) as const;

describe("the home page from the room's messages alone (issue 23)", () => {
  it("adds a submitted wish to the ribbon, the pending wishes and its country on the strip", () => {
    const next = applyToHome(home, submitted(wish("c", "Peru", "PE")));
    expect(next.stats).toEqual({ totalWishes: 11, countriesEntangled: 2 });
    expect(next.pending.map((w) => w.id)).toEqual(["a", "b", "c"]);
    expect(next.liveStrip).toEqual([{ country: "Peru", countryCode: "PE", flag: "🇵🇪", wishCount: 5, isNew: true, preview: "A wish for the river towns, number c" }]);
  });

  it("counts a new country and gives it a place on the strip, with its flag", () => {
    const next = applyToHome(home, submitted(wish("d", "Japan", "JP")));
    expect(next.stats?.countriesEntangled).toBe(3);
    expect(next.liveStrip.at(-1)).toMatchObject({ country: "Japan", countryCode: "JP", flag: "🇯🇵", wishCount: 1 });
  });

  it("leaves the strip alone for a wish from nowhere, and ignores a wish it already shows or a message without one", () => {
    const nowhere = applyToHome(home, submitted(wish("e", null, null)));
    expect(nowhere.liveStrip).toBe(home.liveStrip);
    expect(nowhere.stats).toEqual({ totalWishes: 11, countriesEntangled: 2 });
    expect(applyToHome(home, submitted(wish("a", "Peru", "PE")))).toBe(home);
    expect(applyToHome(home, { type: "wish-submitted", country: "Peru", countryCode: "PE", theme: "Peace" })).toBe(home);
  });

  it("takes a ring's wishes out of the pending area", () => {
    const next = applyToHome(home, { type: "bell-rung", ringId: "r", virtual: false, wishIds: ["a"], pendingLeft: 1 });
    expect(next.pending.map((w) => w.id)).toEqual(["b"]);
    expect(applyToHome(home, { type: "presence", count: 3 })).toBe(home);
  });

  it("counts a wish on the map in its country, and says when the country is not on it yet", () => {
    const peru = { countryCode: "PE", country: "Peru", wishCount: 4, pendingWishCount: 1, isNew: false } as MapCountry;
    expect(withSubmittedWish([peru], wish("f", "Peru", "PE"))).toEqual([{ ...peru, wishCount: 5, pendingWishCount: 2, isNew: true }]);
    expect(withSubmittedWish([peru], wish("g", "Japan", "JP"))).toBeNull();
  });

  it("takes the credits left from a finished ring, and keeps them when the message does not say", () => {
    expect(applyToHome(home, completed({ creditsSeconds: 296 })).creditsSeconds).toBe(296);
    expect(applyToHome(home, completed({ creditsSeconds: null })).creditsSeconds).toBeNull();
    expect(applyToHome(home, completed({}))).toBe(home);
    expect(applyToHome(home, completed({ creditsSeconds: 300 }))).toBe(home);
    expect(applyToHome(home, { type: "batch-update", subType: "failed", bellRingId: "r", data: { error: "x", retrying: true } })).toBe(home);
  });

  it("moves a finished ring's wishes from waiting to entangled on the map, and says when a country is not on it", () => {
    const peru = { countryCode: "PE", country: "Peru", wishCount: 4, pendingWishCount: 3, hasEntangledWishes: false } as MapCountry;
    const chile = { countryCode: "CL", country: "Chile", wishCount: 2, pendingWishCount: 0, hasEntangledWishes: true } as MapCountry;
    expect(withEntangledWishes([peru, chile], ["PE", "pe"])).toEqual([{ ...peru, pendingWishCount: 1, hasEntangledWishes: true }, chile]);
    expect(withEntangledWishes([peru, chile], [])).toEqual([peru, chile]);
    expect(withEntangledWishes([peru], ["JP"])).toBeNull();
  });
});
