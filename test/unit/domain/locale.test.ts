import { describe, expect, it } from "vitest";
import { localizePath, negotiateLocale, preferredLocaleFor, splitLocalePath } from "~/domain/locale";

describe("language paths (issue 22)", () => {
  it("reads the language from a path's prefix; English has none", () => {
    expect(splitLocalePath("/es/about")).toEqual({ locale: "es", path: "/about", prefixed: true });
    expect(splitLocalePath("/ar")).toEqual({ locale: "ar", path: "/", prefixed: true });
    expect(splitLocalePath("/about")).toEqual({ locale: "en", path: "/about", prefixed: false });
    expect(splitLocalePath("/esp/about")).toEqual({ locale: "en", path: "/esp/about", prefixed: false });
    expect(splitLocalePath("/xx/about").locale).toBe("en");
  });

  it("writes a path in a language, keeping the query and the fragment", () => {
    expect(localizePath("/about", "fr")).toBe("/fr/about");
    expect(localizePath("/", "zh")).toBe("/zh");
    expect(localizePath("/es/bell/01J", "en")).toBe("/bell/01J");
    expect(localizePath("/es/bell/01J", "hi")).toBe("/hi/bell/01J");
    expect(localizePath("/#wish-form", "ar")).toBe("/ar#wish-form");
    expect(localizePath("/?country=Japan#wall", "es")).toBe("/es?country=Japan#wall");
  });

  it("negotiates Accept-Language by quality, then order, by primary language", () => {
    expect(negotiateLocale("ar-EG,ar;q=0.9,en;q=0.8")).toBe("ar");
    expect(negotiateLocale("de-DE,de;q=0.9,fr;q=0.8,en;q=0.7")).toBe("fr");
    expect(negotiateLocale("en;q=0.5, zh-CN")).toBe("zh");
    expect(negotiateLocale("zh-Hans-CN")).toBe("zh");
    expect(negotiateLocale("hi-IN")).toBe("hi");
    expect(negotiateLocale("es;q=0, en;q=0.1")).toBe("en");
    expect(negotiateLocale("de, *")).toBeUndefined();
    expect(negotiateLocale("")).toBeUndefined();
    expect(negotiateLocale(null)).toBeUndefined();
    expect(negotiateLocale("garbage;;;q=x,,")).toBeUndefined();
  });

  it("puts the visitor's own choice first, then a shared link's language, then the browser's", () => {
    expect(preferredLocaleFor("es", true, "fr", "ar")).toBe("fr");
    expect(preferredLocaleFor("es", true, undefined, "ar")).toBe("es");
    expect(preferredLocaleFor("en", false, undefined, "ar,en;q=0.5")).toBe("ar");
    expect(preferredLocaleFor("en", false, undefined, "de")).toBe("en");
    expect(preferredLocaleFor("en", false, "nonsense", "hi")).toBe("hi");
  });
});
