import { execFileSync } from "node:child_process";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_LOCALE, LOCALES } from "~/domain/locale";
import { catalogueProblems } from "~/i18n/catalogue-check";
import { compileCatalogue } from "~/i18n/compile-catalogue";
import { CATALOGUES, compiledCatalogue } from "~/i18n/catalogues.server";

describe("the catalogues (issue 22)", () => {
  it("English holds every message the code names (npm run i18n:extract)", () => {
    expect(() => execFileSync("node", ["scripts/i18n-extract.mjs", "--check"], { stdio: "pipe" })).not.toThrow();
  });

  it("English is the spec's text: each message is its own source", () => {
    for (const [source, message] of Object.entries(CATALOGUES.en)) expect(message).toBe(source);
  });

  for (const locale of LOCALES.filter((locale) => locale !== DEFAULT_LOCALE)) {
    it(`${locale} has every key English has, no other, and the same ICU arguments`, () => {
      expect(catalogueProblems(CATALOGUES.en, CATALOGUES[locale])).toEqual([]);
    });
  }

  it("the check itself catches a missing key, an extra key, a broken or changed placeholder", () => {
    const english = { "Hello {name}": "Hello {name}", "{count, plural, one {# wish} other {# wishes}}": "{count, plural, one {# wish} other {# wishes}}" };
    expect(catalogueProblems(english, { "Hello {name}": "Hola {name}" })).toEqual(["missing: {count, plural, one {# wish} other {# wishes}}"]);
    expect(catalogueProblems(english, { ...english, Extra: "x" })).toEqual(["not in English: Extra"]);
    expect(catalogueProblems(english, { ...english, "Hello {name}": "Hola {nombre}" })[0]).toMatch(/^arguments nombre instead of name/);
    expect(catalogueProblems(english, { ...english, "Hello {name}": "Hola {name" })[0]).toMatch(/^does not parse/);
    expect(catalogueProblems(english, { ...english, "{count, plural, one {# wish} other {# wishes}}": "deseos" })[0]).toMatch(/^arguments none instead of count/);
  });
});

describe("the catalogues compiled at build time (ADR 0039)", () => {
  for (const locale of LOCALES) {
    it(`${locale}: what the server reads is its catalogue compiled, English where it lacks a message`, () => {
      const compiled = compiledCatalogue(locale);
      expect(compiled).toEqual(compileCatalogue(CATALOGUES[locale], CATALOGUES.en));
      expect(Object.keys(compiled).sort()).toEqual(Object.keys(CATALOGUES.en).sort());
      expect(Object.values(compiled).every(Array.isArray)).toBe(true);
    });
  }
});

describe("what the browser is sent", () => {
  it("English sends only the messages with arguments, and reads the rest as their source", async () => {
    const { browserCatalogue, compiledCatalogue } = await import("~/i18n/catalogues.server");
    const { createTranslator } = await import("~/i18n/translator");
    const sent = browserCatalogue("en");
    expect(Object.keys(sent).length).toBeLessThan(Object.keys(compiledCatalogue("en")).length / 2);
    const t = createTranslator("en", sent);
    for (const source of Object.keys(CATALOGUES.en)) {
      expect(t(source, { count: 2, siteName: "Quantum Bell" })).toBe(createTranslator("en", compiledCatalogue("en"))(source, { count: 2, siteName: "Quantum Bell" }));
    }
    expect(Object.keys(browserCatalogue("ar")).length).toBe(Object.keys(CATALOGUES.en).length);
  });
});

describe("the catalogue files the browser loads (ADR 0074)", () => {
  it("one per language, named by a hash of its content, holding what the server renders with", async () => {
    const { createHash } = await import("node:crypto");
    const { buildCatalogues } = await import("../../../scripts/compiled-catalogues");
    const { default: hrefs } = await import("virtual:catalogue-hrefs");
    const { browserCatalogue } = await import("~/i18n/catalogues.server");
    const { files } = buildCatalogues();
    expect(files.map((file) => file.locale)).toEqual([...LOCALES]);
    for (const { locale, fileName, source } of files) {
      const hash = createHash("sha256").update(source).digest("hex").slice(0, 12);
      expect(fileName).toBe(`assets/catalogue-${locale}-${hash}.json`);
      expect(hrefs[locale]).toBe(`/${fileName}`);
      expect(JSON.parse(source)).toEqual(browserCatalogue(locale));
    }
  });

  it("the server keeps the page's catalogue under the address the page names", async () => {
    const { pageCatalogueHref, browserCatalogue } = await import("~/i18n/catalogues.server");
    const { catalogueAt } = await import("~/i18n/catalogue-store");
    for (const locale of LOCALES) expect(catalogueAt(pageCatalogueHref(locale))).toBe(browserCatalogue(locale));
  });
});

describe("loading a catalogue in the browser (ADR 0074)", () => {
  const respond = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

  it("fetches an address once, however many ask at the same time, and keeps what came", async () => {
    const { catalogueAt, loadCatalogue } = await import("~/i18n/catalogue-store");
    const fetched: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return respond({ Hello: ["مرحبا"] });
    });
    vi.stubGlobal("fetch", fetch);
    try {
      const [first, second] = await Promise.all([loadCatalogue("/assets/catalogue-ar-once.json"), loadCatalogue("/assets/catalogue-ar-once.json")]);
      expect(first).toEqual({ Hello: ["مرحبا"] });
      expect(second).toBe(first);
      expect(await loadCatalogue("/assets/catalogue-ar-once.json")).toBe(first);
      expect(catalogueAt("/assets/catalogue-ar-once.json")).toBe(first);
      expect(catalogueAt("/assets/catalogue-ar-never.json")).toBeUndefined();
      expect(fetched).toEqual(["/assets/catalogue-ar-once.json"]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("refuses an error answer, and asks again next time", async () => {
    const { catalogueAt, loadCatalogue } = await import("~/i18n/catalogue-store");
    const answers = [respond({ error: "gone" }, 404), respond({ Hello: ["你好"] })];
    vi.stubGlobal("fetch", vi.fn(async () => answers.shift()!));
    try {
      await expect(loadCatalogue("/assets/catalogue-zh-flaky.json")).rejects.toThrow(/: 404$/);
      expect(catalogueAt("/assets/catalogue-zh-flaky.json")).toBeUndefined();
      expect(await loadCatalogue("/assets/catalogue-zh-flaky.json")).toEqual({ Hello: ["你好"] });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
