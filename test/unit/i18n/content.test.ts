import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, isLocale, LOCALES } from "~/domain/locale";

// Issue 22: a translated page is the same page in another language: same headings, same links, its own front matter.
const PAGES = join(import.meta.dirname, "..", "..", "..", "app", "content", "pages");
const folders = readdirSync(PAGES, { withFileTypes: true }).filter((entry) => entry.isDirectory());
const translations = folders.flatMap((folder) => readdirSync(join(PAGES, folder.name)).map((file) => ({ locale: folder.name, file })));

const read = (...path: string[]) => readFileSync(join(PAGES, ...path), "utf8");
const frontMatter = (source: string) => Object.fromEntries([.../^---\n([\s\S]*?)\n---/.exec(source)![1]!.matchAll(/^(\w+):\s*(.+)$/gm)].map((m) => [m[1], m[2]]));
const headings = (source: string) => [...source.matchAll(/^(#{2,6}) /gm)].map((match) => match[1]);
const links = (source: string) => [...source.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]).sort();

describe("translated content pages", () => {
  it("live in a folder named after a language the site speaks", () => {
    for (const folder of folders) expect(isLocale(folder.name) && folder.name !== DEFAULT_LOCALE, folder.name).toBe(true);
    expect(translations.length).toBeGreaterThan(0);
  });

  // The content pages issue 22 names, in every language the site speaks.
  it.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))("%s has How it Works, FAQ, About, Gift, Cost, Charity and the legal pages", (locale) => {
    const required = ["why", "faq", "about", "gift", "cost", "charity", "privacy", "terms", "cookies"].map((name) => `${name}.md`);
    const present = translations.filter((entry) => entry.locale === locale).map((entry) => entry.file);
    expect(required.filter((file) => !present.includes(file))).toEqual([]);
  });

  it.each(translations)("$locale/$file keeps its English page's structure, links and front matter keys", ({ locale, file }) => {
    const english = read(file);
    const translated = read(locale, file);
    const meta = frontMatter(translated);
    expect(meta.title?.length).toBeGreaterThan(0);
    expect(meta.description?.length).toBeGreaterThan(0);
    expect(Object.keys(meta).sort()).toEqual(Object.keys(frontMatter(english)).sort());
    expect(headings(translated)).toEqual(headings(english));
    expect(links(translated)).toEqual(links(english));
  });

  // Issue 22: a translated legal page says, before anything else, that the English version prevails.
  const ENGLISH_NAME: Record<string, string> = { es: "inglés", fr: "anglais", ar: "الإنجليزية", hi: "अंग्रेज़ी", zh: "英文" };
  const legal = translations.filter(({ file }) => ["privacy.md", "terms.md", "cookies.md"].includes(file));

  it.each(legal)("$locale/$file opens by saying the English version prevails", ({ locale, file }) => {
    const body = read(locale, file).replace(/^---[\s\S]*?---\s*/, "");
    const first = body.split(/\n\s*\n/)[0]!;
    expect(first).toContain(ENGLISH_NAME[locale]);
  });
});
