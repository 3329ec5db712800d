import { describe, expect, it } from "vitest";
import { bidiParts, FSI, isolate, isolating, PDI, withoutIsolates } from "~/domain/bidi";
import { english } from "../../support/english";

describe("isolating mixed-direction text (ADR 0096)", () => {
  it("isolates each line of a text apart, and nothing for nothing", () => {
    expect(isolate("Quantum Bell")).toBe(`${FSI}Quantum Bell${PDI}`);
    expect(isolate("one\n\ntwo")).toBe(`${FSI}one${PDI}\n\n${FSI}two${PDI}`);
    expect(isolate("")).toBe("");
  });

  it("a translator that isolates text values, and leaves numbers (plurals read them) and addresses bare", () => {
    const t = isolating(english);
    expect(t("A ring of the {siteName}", { siteName: "Quantum Bell" })).toBe(`A ring of the ${FSI}Quantum Bell${PDI}`);
    expect(t("{count, plural, one {# wish} other {# wishes}}", { count: 5 })).toBe("5 wishes");
    expect(t("Visit the bell: {url}", { url: "https://bell.example/ar" })).toBe("Visit the bell: https://bell.example/ar");
    // A value the message chooses by is a key: "hope" still picks hope, and the name beside it is isolated.
    expect(t("{name}'s wish came out {bit}: it leaned toward {lean, select, hope {hope} other {peace}}.", { name: "Mira", bit: "1", lean: "hope" })).toBe(
      `${FSI}Mira${PDI}'s wish came out ${FSI}1${PDI}: it leaned toward hope.`,
    );
  });

  it("splits a text at its isolates, nested ones too, for a page to draw each as an element", () => {
    expect(bidiParts(`from ${FSI}Rwanda and ${FSI}Côte d'Ivoire${PDI}${PDI}.`)).toEqual(["from ", { isolated: ["Rwanda and ", { isolated: ["Côte d'Ivoire"] }] }, "."]);
    expect(bidiParts(`a${PDI}b ${FSI}open`)).toEqual(["a", "b ", { isolated: ["open"] }]);
    expect(withoutIsolates(`A ring of the ${FSI}Quantum Bell${PDI}`)).toBe("A ring of the Quantum Bell");
  });
});
