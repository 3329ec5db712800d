import { english } from "../../support/english";
import { describe, expect, it } from "vitest";
import {
  entangledSubtitle,
  formatSeconds,
  providerSentence,
  ringCard,
  ringMeta,
} from "../../../app/components/result/result-copy";
import type { PublicWish } from "../../../app/domain/public-wish";
import { verseLines } from "../../../app/domain/verse/verse";

const wishes = [{ id: "a" }, { id: "b" }, { id: "c" }] as PublicWish[];

function metaValue(tags: ReturnType<typeof ringMeta>, key: string): string | undefined {
  for (const tag of tags as Record<string, string>[]) {
    if (tag.property === key || tag.name === key) return tag.content;
  }
  return undefined;
}

describe("providerSentence", () => {
  it("names the simulator honestly", () => {
    expect(
      providerSentence(english, { isSimulator: true, providerLabel: "Built-in simulator (exact state-vector)", backend: null, status: "completed" }),
    ).toBe("An ordinary computer worked out this ring's answer by simulating its quantum circuit; no quantum computer was involved.");
    expect(providerSentence(english, { isSimulator: true, providerLabel: "x", backend: null, status: "queued" })).toBe(
      "An ordinary computer is working out this ring's answer by simulating its quantum circuit; no quantum computer is involved.",
    );
  });

  it("names the hardware and its backend once", () => {
    expect(providerSentence(english, { isSimulator: false, providerLabel: "IBM Quantum ibm_torino", backend: "ibm_torino", status: "completed" })).toBe(
      "A real quantum computer answered this ring: IBM Quantum ibm_torino.",
    );
    expect(providerSentence(english, { isSimulator: false, providerLabel: "IBM Quantum", backend: "ibm_kyiv", status: "running" })).toBe(
      "This ring is with a real quantum computer, IBM Quantum (ibm_kyiv), waiting for its answer.",
    );
  });
});

describe("small words", () => {
  it("formats durations", () => {
    expect(formatSeconds(english, 1.234)).toBe("1.2 seconds");
    expect(formatSeconds(english, 1)).toBe("1 second");
    expect(formatSeconds(english, 0.04)).toBe("0 seconds");
    expect(formatSeconds(english, 42.6)).toBe("43 seconds");
  });

  it("counts entangled wishes", () => {
    expect(entangledSubtitle(english, 1)).toBe("1 wish entangled");
    expect(entangledSubtitle(english, 5)).toBe("5 wishes entangled");
  });
});

describe("ringMeta", () => {
  const site = { siteName: "Quantum Bell", siteUrl: "https://bell.example" };

  it("titles a completed ring with its verse's first line, gives the whole verse to the description and the card, and points every address at this site", () => {
    const ring = { isSimulator: false, backend: null, bitstring: "101", counts: { "101": 80, "001": 20 }, id: "01JD3RING", status: "completed" as const, wishes };
    const verse = verseLines(ring, "en");
    const poem = verse.join(" ");
    const tags = ringMeta({ ring, site , t: english });
    expect(tags[0]).toEqual({ title: `${verse[0]} | Quantum Bell` });
    expect(metaValue(tags, "og:title")).toBe(`${verse[0]} | Quantum Bell`);
    expect(metaValue(tags, "og:type")).toBe("article");
    expect(metaValue(tags, "og:url")).toBe("https://bell.example/bell/01JD3RING");
    expect(metaValue(tags, "twitter:card")).toBe("summary_large_image");
    expect(metaValue(tags, "description")).toContain(poem);
    expect(metaValue(tags, "og:description")).toBe(metaValue(tags, "description"));
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://bell.example/bell/01JD3RING" });

    const image = new URL(metaValue(tags, "og:image")!);
    expect(image.origin).toBe(site.siteUrl);
    expect(image.pathname).toBe("/og");
    expect(image.searchParams.get("title")).toBe(verse.join("\n"));
    expect(image.searchParams.get("subtitle")).toBe("3 wishes entangled");
    expect(image.searchParams.get("variant")).toBe("bell-101");
    expect(metaValue(tags, "twitter:image")).toBe(image.href);
  });

  it("draws a measured ring's constellation and says where its wishes came from, and whether it was simulated", () => {
    // Only known countries (a code) reach a card, each a bidi isolate (ADR 0095); free text ("Atlantis") is left off.
    const from = [{ country: "Japan", countryCode: "JP" }, { country: "South Africa", countryCode: "ZA" }, { country: null }, { country: "Japan", countryCode: "JP" }, { country: "Atlantis", countryCode: null }] as PublicWish[];
    const ring = { isSimulator: true, backend: null, bitstring: "1010", counts: { "1010": 100 }, id: "r1", status: "completed" as const, wishes: from };
    const image = new URL(metaValue(ringMeta({ ring, site , t: english }), "og:image")!);
    expect(image.searchParams.get("subtitle")).toBe("5 wishes from \u2068Japan\u2069 · \u2068South Africa\u2069 · simulated");
    expect(image.searchParams.get("variant")).toBe("bell-1010");
    expect(ringCard(english, ring, site.siteName, "story").variant).toBe("story-1010");
    expect(ringCard(english, { ...ring, bitstring: "10x" }, site.siteName, "story").variant).toBe("story");
  });

  it("carries the shared page tags: keywords and the square share image", () => {
    const tags = ringMeta({ ring: { isSimulator: false, backend: null, bitstring: null, id: "r1", counts: null, status: "completed", wishes }, site , t: english });
    expect(metaValue(tags, "keywords")).toMatch(/quantum/i);
    const widths = (tags as Record<string, string>[]).filter((tag) => tag.property === "og:image:width").map((tag) => tag.content);
    expect(widths).toEqual(["1200", "512"]);
  });

  it("falls back to a plain title while the qubits are still listening", () => {
    const tags = ringMeta({ ring: { isSimulator: false, backend: null, bitstring: null, id: "r1", counts: null, status: "running", wishes: wishes.slice(0, 1) }, site, t: english });
    expect(tags[0]).toEqual({ title: "A ring of the bell | Quantum Bell" });
    const image = new URL(metaValue(tags, "og:image")!);
    expect(image.searchParams.get("title")).toBe("A ring of the \u2068Quantum Bell\u2069");
    expect(image.searchParams.get("subtitle")).toBe("1 wish entangled");
    expect(metaValue(tags, "description")).toContain("still listening");
  });

  it("uses the configured site name", () => {
    const tags = ringMeta({ ring: { isSimulator: false, backend: null, bitstring: null, id: "r1", counts: null, status: "failed", wishes }, site: { ...site, siteName: "Bell Test" } , t: english });
    expect(tags[0]).toEqual({ title: "A ring of the bell | Bell Test" });
    expect(metaValue(tags, "og:site_name")).toBe("Bell Test");
    expect(metaValue(tags, "description")).toContain("returned to the pool");
  });

  it("escapes ring ids in the address", () => {
    const tags = ringMeta({ ring: { isSimulator: false, backend: null, bitstring: null, id: "a b/c", counts: null, status: "queued", wishes }, site , t: english });
    expect(metaValue(tags, "og:url")).toBe("https://bell.example/bell/a%20b%2Fc");
  });
});
