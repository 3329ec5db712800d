import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOCALE_INFO, LOCALES, localizePath } from "~/domain/locale";
import { ERROR_CODE } from "~/domain/error-codes";
import { WISH_TOO_SHORT } from "~/domain/messages";
import { TAGLINE } from "~/domain/site";
import { CATALOGUES } from "~/i18n/catalogues.server";
import CATALOGUE_HREFS from "virtual:catalogue-hrefs";
import { call, freshFingerprint, freshIp, ORIGIN } from "../support/api";

// Issue 22: the site in the visitor's language. Each block names what it proves.

const get = (path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(`${ORIGIN}${path}`, { headers: { "CF-Connecting-IP": freshIp(), ...headers }, redirect: "manual" });

const alternates = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/gi)].map((match) => [match[1], match[2]]));

describe("choosing the language", () => {
  it("sends a first visit to the browser's language, and says what it depended on", async () => {
    const response = await get("/about?from=mail", { "Accept-Language": "ar-EG,ar;q=0.9,en;q=0.8" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/ar/about?from=mail");
    expect(response.headers.get("Vary")).toContain("Accept-Language");
    expect(response.headers.get("Cache-Control")).toContain("no-store");
  });

  it("keeps English for English and for languages the site does not speak, and marks the page as varying", async () => {
    for (const language of ["en-GB,en;q=0.9", "de-DE,de;q=0.9", ""]) {
      const response = await get("/about", language ? { "Accept-Language": language } : {});
      expect(response.status, language).toBe(200);
      expect(response.headers.get("Vary")).toMatch(/Accept-Language, Cookie/);
    }
  });

  it("lets the visitor's own choice (the cookie) win over the browser and over a shared link", async () => {
    expect((await get("/about", { "Accept-Language": "ar", Cookie: "qb_lang=en" })).status).toBe(200);
    const shared = await get("/es/bell/01JSHARED", { Cookie: "qb_lang=fr" });
    expect(shared.status).toBe(302);
    expect(shared.headers.get("Location")).toBe("/fr/bell/01JSHARED");
    const toEnglish = await get("/zh/faq", { Cookie: "qb_lang=en" });
    expect(toEnglish.headers.get("Location")).toBe("/faq");
  });

  it("opens a shared link in the sharer's language when the visitor chose none", async () => {
    const response = await get("/es/faq", { "Accept-Language": "ar" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<html lang="es" dir="ltr">');
  });

  it("never redirects the data requests, the API or the admin", async () => {
    for (const path of ["/_root.data", "/about.data", "/__manifest?p=%2Fzh%2Fabout&version=x", "/api/stats", "/admin/login", "/robots.txt"]) {
      const response = await get(path, { "Accept-Language": "zh-CN" });
      expect(response.status, path).not.toBe(302);
    }
  });

  it("sends /en/… to the English path and answers 404 for a prefix that names no language", async () => {
    const english = await get("/en/about");
    expect(english.status).toBe(301);
    expect(english.headers.get("Location")).toBe("/about");
    expect((await get("/xx/about")).status).toBe(404);
    expect((await get("/es/no-such-page")).status).toBe(404);
  });
});

describe("the page's catalogue travels as a file of its own (ADR 0074)", () => {
  // Remix's own scripts (its context and the page's data); the structured data is not one of them.
  const remixScripts = (html: string) =>
    [...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!).join("\n");
  const longMessages = Object.keys(CATALOGUES.en).filter((source) => source.length >= 40);

  for (const locale of LOCALES) {
    it(`${locale}: the home page names its catalogue's file and carries none of its messages inline`, async () => {
      const response = await get(localizePath("/", locale));
      expect(response.status).toBe(200);
      const html = await response.text();
      const href = CATALOGUE_HREFS[locale];
      expect(href).toMatch(new RegExp(`^/assets/catalogue-${locale}-[0-9a-f]{12}\\.json$`));
      // Preloaded after the stylesheet, before the scripts that need it to hydrate.
      const preload = `<link rel="preload" as="fetch" href="${href}" crossorigin="anonymous" data-catalogue/>`;
      expect(html).toContain(preload);
      expect(html.indexOf('<link rel="stylesheet"')).toBeLessThan(html.indexOf(preload));
      expect(html.indexOf(preload)).toBeLessThan(html.indexOf('<link rel="modulepreload"'));
      // Before: every message of the language (English: those with arguments) sat in Remix's inline data.
      const inline = remixScripts(html);
      expect(longMessages.filter((source) => inline.includes(source))).toEqual([]);
      expect(inline).toContain("catalogueHref");
      expect(inline).toContain(href);
    });
  }

  it("keeps every inline script under the page's nonce: no new script came with the file", async () => {
    const response = await get("/ar");
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]!).filter((attributes) => !attributes.includes("application/ld+json"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });
});

describe("every page in every language", () => {
  it("sets <html lang dir> on the server and lists every language and x-default, in the page and in the sitemap", async () => {
    const sitemap = await (await get("/sitemap.xml")).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    const englishPaths = locs.filter((path) => !/^\/(es|fr|ar|hi|zh)(\/|$)/.test(path));
    expect(englishPaths.length).toBeGreaterThan(15);
    expect(locs.length).toBe(englishPaths.length * LOCALES.length);
    for (const path of englishPaths.slice(0, 40)) {
      for (const locale of LOCALES) {
        const localized = localizePath(path, locale);
        expect(locs, localized).toContain(localized);
        const response = await get(localized);
        expect(response.status, localized).toBe(200);
        const html = await response.text();
        expect(html, localized).toContain(`<html lang="${LOCALE_INFO[locale].tag}" dir="${LOCALE_INFO[locale].dir}">`);
        const links = alternates(html);
        expect(Object.keys(links).sort(), localized).toEqual([...LOCALES.map((each) => LOCALE_INFO[each].tag), "x-default"].sort());
        expect(new URL(links["x-default"]!).pathname).toBe(path);
        expect(new URL(links[LOCALE_INFO[locale].tag]!).pathname).toBe(localized);
        expect(html).toContain(`<link rel="canonical" href="${links[LOCALE_INFO[locale].tag]}"/>`);
      }
    }
    expect(sitemap).toContain('<xhtml:link rel="alternate" hreflang="x-default"');
  });

  it("describes the site to search engines (structured data) in the page's language", async () => {
    for (const locale of LOCALES) {
      for (const path of ["/", "/about"]) {
        const localized = localizePath(path, locale);
        const html = await (await get(localized)).text();
        const data = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)].map(
          (match) => JSON.parse(match[1]!) as Record<string, string>,
        );
        const website = data.find((entry) => entry["@type"] === "WebSite");
        const organization = data.find((entry) => entry["@type"] === "Organization");
        const tagline = CATALOGUES[locale][TAGLINE] || TAGLINE;
        expect(website?.description, localized).toBe(tagline);
        expect(website?.inLanguage, localized).toBe(LOCALE_INFO[locale].tag);
        expect(organization?.slogan, localized).toBe(tagline);
      }
    }
    expect(CATALOGUES.ar[TAGLINE]).not.toBe(TAGLINE);
  });
});

describe("the API speaks the request's language", () => {
  it.each(LOCALES)("a refused wish is explained in %s, with the same code and field", async (locale) => {
    const { status, json } = await call<{ error: string; code: string; field: string }>("/api/wishes", {
      body: { wish: "too short", deviceFingerprint: freshFingerprint() },
      headers: { "Accept-Language": LOCALE_INFO[locale].tag },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({ code: ERROR_CODE.invalidField, field: "wish" });
    expect(json.error).toBe(CATALOGUES[locale][WISH_TOO_SHORT] ?? WISH_TOO_SHORT);
    if (locale !== "en") expect(json.error).not.toBe(WISH_TOO_SHORT);
  });
});

describe("country names in the visitor's language", () => {
  it("the map's countries carry their names in the asked language, and none in English", async () => {
    await call("/api/wishes", { body: { wish: "May the rice fields of my village be at peace", country: "Japan", deviceFingerprint: freshFingerprint() } });
    const zhAnswer = await call<{ countries: { countryCode: string; country: string; label?: string }[] }>("/api/map/countries?lang=zh");
    const japan = zhAnswer.json.countries.find((country) => country.countryCode === "JP");
    expect(japan).toMatchObject({ country: "Japan", label: "日本" });
    const english = await call<{ countries: { countryCode: string; label?: string }[] }>("/api/map/countries");
    expect(english.json.countries.find((country) => country.countryCode === "JP")?.label).toBeUndefined();
    const arabic = await call<{ countries: { countryCode: string; label?: string }[] }>("/api/map/countries?lang=ar");
    expect(arabic.json.countries.find((country) => country.countryCode === "JP")?.label).toBe("اليابان");
  });

  it("the home page names the wall's countries in its language and sorts them by its collation", async () => {
    const html = await (await get("/es")).text();
    const select = /<select[^>]*name="country"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
    const options = [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((match) => ({ value: match[1]!, label: match[2]! })).slice(1);
    expect(options.length).toBeGreaterThan(0);
    const japan = options.find((option) => option.value === "Japan");
    expect(japan?.label).toBe("Japón");
    const labels = options.map((option) => option.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator("es").compare));
  });
});

describe("themes of wishes written in every language (docs/product.md#wishes-and-what-they-carry)", () => {
  it.each([
    ["en", "May peace come to every valley and every town", "Peace"],
    ["es", "Tengo esperanza de que mañana será un día mejor", "Hope"],
    ["fr", "Avec tout mon amour pour ma grand-mère chérie", "Love"],
    ["ar", "أتمنى الشفاء العاجل لكل المرضى في العالم", "Healing"],
    ["hi", "हम सब एकता के साथ आगे बढ़ें और मिलकर रहें", "Unity"],
    ["zh", "愿世界和平，愿每一个家庭都平安", "Peace"],
  ])("a wish in %s is themed by its own words", async (_locale, wish, theme) => {
    const { status, json } = await call<{ wishId: string }>("/api/wishes", { body: { wish, deviceFingerprint: freshFingerprint() } });
    expect(status).toBe(201);
    const stored = await call<{ theme: string }>(`/api/wishes/${json.wishId}`);
    expect(stored.json.theme).toBe(theme);
  });
});

describe("share cards in every script", () => {
  const png = async (path: string) => {
    const { signOgPath } = await import("~/server/og/signature.server");
    const response = await get(await signOgPath(env, path));
    expect(response.headers.get("Content-Type")).toBe("image/png");
    return new Uint8Array(await response.arrayBuffer());
  };
  const card = (title: string, subtitle = "", variant = "bell-101") =>
    png(`/og?${new URLSearchParams({ title, ...(subtitle ? { subtitle } : {}), variant })}`);

  it.each([
    ["Arabic", "سلام على العالم، ومحبة لكل البيوت", "سلام على العالم، ومحبة لكل البيوب"],
    ["Devanagari", "दुनिया में शांति हो, सबका कल्याण", "दुनिया में शांति हो, सबका कल्यान"],
    ["Chinese", "愿世界和平，愿每一个家庭都平安", "愿世界和平，愿每一个家庭都平和"],
  ])("draws a %s title and subtitle, to their last letter, from fonts read as static assets", async (_script, title, lastLetterChanged) => {
    const plain = await png("/og?variant=bell-101");
    const drawn = await card(title, title);
    expect(drawn).not.toEqual(plain);
    expect(await card(lastLetterChanged, title)).not.toEqual(drawn);
    // The subtitle is drawn too, and on the story image as on the card.
    expect(await card(title, lastLetterChanged)).not.toEqual(drawn);
    expect(await card(title, title, "story-101")).not.toEqual(await card(lastLetterChanged, title, "story-101"));
  });

  it("serves those fonts as static files with the manifest that says which characters each draws", async () => {
    const asset = (path: string) => env.ASSETS.fetch(`${ORIGIN}${path}`);
    const manifest = await (await asset("/og-fonts/manifest.json")).json<{ fonts: { file: string; ranges: [number, number][] }[] }>();
    const arabic = manifest.fonts.find((font) => font.ranges.some(([from, to]) => from <= 0x627 && 0x627 <= to));
    expect(arabic?.file).toMatch(/^noto-sans-arabic-arabic-(400|700)\.ttf$/);
    const font = await asset(`/og-fonts/${arabic!.file}`);
    expect(font.status).toBe(200);
    // A TrueType file (version 1.0), not the WOFF it was built from.
    expect([...new Uint8Array(await font.arrayBuffer()).slice(0, 4)]).toEqual([0, 1, 0, 0]);
  });

  it("writes the card's own words in the sharing page's language, and only ours", async () => {
    const english = await png("/og");
    const arabic = await png("/og?lang=ar");
    expect(arabic).not.toEqual(english);
    expect(await png("/og?lang=zh")).not.toEqual(arabic);
    // An unknown language is English; the language is not signed, since it only picks among the site's own words.
    expect(await png("/og?lang=xx")).toEqual(english);
    expect(await png("/og?title=Hope%20hums&variant=bell-101&lang=hi")).not.toEqual(await card("Hope hums"));
    // Pages ask for their language's card.
    const html = await (await get("/ar/about")).text();
    expect(html).toMatch(/<meta property="og:image" content="[^"]*lang=ar/);
  });

  it("leaves out a character no font draws instead of drawing a box for it", async () => {
    // U+E000 is a private-use character: no font has it, so the card is the one drawn without it.
    const drawn = await card("سلام على العالم");
    expect(drawn).not.toEqual(await png("/og?variant=bell-101"));
    expect(await card("سلام \uE000على العالم")).toEqual(drawn);
    // Latin text, accents included, is still drawn by the card's own fonts.
    expect(await card("La paz, été")).not.toEqual(await png("/og?variant=bell-101"));
  });
});

describe("content pages in the visitor's language", () => {
  it("shows a page's translation where one exists, in the page's language", async () => {
    const html = await (await get("/es/why")).text();
    expect(html).toContain("<h1");
    expect(html).toMatch(/<h1[^>]*>Por qué una campana cuántica<\/h1>/);
    expect(html).not.toMatch(/role="note"/);
    const arabic = await (await get("/ar/why")).text();
    expect(arabic).toMatch(/<h1[^>]*>لماذا جرس كمومي<\/h1>/);
  });

  it("shows a page without a translation in English, says so in the page's language, and marks the text as English", async () => {
    const { CATALOGUES } = await import("~/i18n/catalogues.server");
    const html = await (await get("/es/blog/the-bell-is-ringing")).text();
    const note = /<p[^>]*role="note"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];
    expect(note).toBe(CATALOGUES.es["This page is available in English only for now."]);
    expect(html).toMatch(/<article[^>]*lang="en"/);
    // Its links stay in the visitor's language.
    expect(html).toMatch(/href="\/es\/blog"/);
  });

  it.each(["/es", "/es/faq", "/es/why", "/es/entanglement", "/es/blog", "/es/contact", "/es/no-such-page"])(
    "every link %s makes to a page of the site stays in Spanish",
    async (path) => {
      const html = await (await get(path)).text();
      // The language switcher's links name their language (hrefLang): the one way out of Spanish.
      const links = [...html.matchAll(/<a (?![^>]*hrefLang)[^>]*href="(\/[^"]*)"/g)].map((match) => match[1]!);
      const english = links.filter((href) => !/^\/(es(\/|$|\?|#)|\/|api\/|og\b)/.test(href) && !href.startsWith("/#"));
      expect(links.length).toBeGreaterThan(5);
      expect(english).toEqual([]);
    },
  );
});

describe("redirects stay on this site (issue 31)", () => {
  const HOSTILE = ["//evil.example/x", "/\\evil.example/x", "///evil.example", "/\\/evil.example/", "//evil.example"];

  it("collapses the leading slashes /en//… would have left, instead of pointing at another host", async () => {
    const english = await get("/en//evil.example/x");
    expect(english.status).toBe(301);
    expect(english.headers.get("Location")).toBe("/evil.example/x");
    const french = await get("/fr//evil.example/", { Cookie: "qb_lang=en" });
    expect(french.status).toBe(302);
    expect(french.headers.get("Location")).toBe("/evil.example/");
  });

  it("never answers a Location on another origin, for every language prefix and every language choice", async () => {
    // No choice, English and another language chosen by cookie, and a browser language: each prefix meets a redirect.
    const choices: Record<string, string>[] = [{}, { Cookie: "qb_lang=en" }, { Cookie: "qb_lang=fr" }, { "Accept-Language": "zh-CN" }];
    for (const prefix of ["", ...LOCALES.map((locale) => `/${locale}`)]) {
      for (const tail of HOSTILE) {
        for (const headers of choices) {
          const path = `${prefix}${tail}`;
          const response = await get(path, headers);
          const location = response.headers.get("Location");
          if (location === null) continue;
          const what = `${path} ${JSON.stringify(headers)} → ${location}`;
          expect(location, what).not.toMatch(/^[/\\]{2}/);
          expect(new URL(location, ORIGIN).origin, what).toBe(new URL(ORIGIN).origin);
        }
      }
    }
  }, 120_000);
});
