import { describe, expect, it } from "vitest";
import { firstPerNetwork, previewsByCountry, waitingStripLines } from "../../../app/domain/distinct-networks";

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

describe("waitingStripLines", () => {
  const wish = (id: string) => ({ id });
  it("lists the server's one-per-network lines that still wait, after the wishes told since, newest first", () => {
    const strip = [wish("05"), wish("03"), wish("01")];
    // 02 and 04 are a flooding network's other wishes: the server left them out, and they stay out.
    const waiting = ["01", "02", "03", "04", "05", "06", "07"].map(wish);
    expect(waitingStripLines(waiting, strip).map((w) => w.id)).toEqual(["07", "06", "05", "03", "01"]);
    // A ring took 01 and 03: they leave the list.
    expect(waitingStripLines(["02", "04", "05"].map(wish), strip).map((w) => w.id)).toEqual(["05"]);
    expect(waitingStripLines(waiting, strip, 2).map((w) => w.id)).toEqual(["07", "06"]);
  });

  it("lists the newest waiting wishes when the page has no server list", () => {
    expect(waitingStripLines(["01", "02", "03"].map(wish), undefined, 2).map((w) => w.id)).toEqual(["03", "02"]);
  });
});
