import { describe, expect, it } from "vitest";
import { relayFor, relayNames } from "~/domain/relays";

describe("relays (issue 23)", () => {
  it("names each relay (RELAY_COUNT's bounds are the settings schema's: test/unit/server/settings.test.ts)", () => {
    expect(relayNames(3)).toEqual(["relay-0", "relay-1", "relay-2"]);
  });

  it("sends a data centre's sockets to one relay, and spreads data centres over all of them", () => {
    expect(relayFor("LHR", 8)).toBe(relayFor("LHR", 8));
    const colos = ["LHR", "CDG", "FRA", "AMS", "IAD", "SJC", "NRT", "SIN", "SYD", "GRU", "JNB", "BOM", "DXB", "ORD", "LAX", "HKG"];
    expect(new Set(colos.map((colo) => relayFor(colo, 4))).size).toBe(4);
  });

  it("picks at random when the request does not say where it arrived", () => {
    expect(relayFor(undefined, 4, () => 0)).toBe("relay-0");
    expect(relayFor(undefined, 4, () => 0.99)).toBe("relay-3");
  });
});
