import { describe, expect, it } from "vitest";
import { DEFAULT_RELAYS, relayCount, relayFor, relayNames, relaysByColo } from "~/domain/relays";

describe("relays (issue 23)", () => {
  it("reads RELAY_COUNT within bounds, else the default", () => {
    expect(relayCount("4")).toBe(4);
    expect(relayCount("1")).toBe(1);
    for (const bad of [undefined, "", "0", "-2", "2.5", "65", "many"]) expect(relayCount(bad)).toBe(DEFAULT_RELAYS);
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

  it("spreads by data centre unless RELAY_BY says random", () => {
    for (const colo of [undefined, "", "colo", "COLO", "anything"]) expect(relaysByColo(colo)).toBe(true);
    for (const random of ["random", " Random "]) expect(relaysByColo(random)).toBe(false);
  });
});
