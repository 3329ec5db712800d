import { LOCALE_INFO, LOCALES, localizePath } from "~/domain/locale";
import { axioms, blog, research } from "./content.server";

// Only the file names are read; the modules are the route modules the server bundle holds anyway.
const ROUTE_FILES = Object.keys(import.meta.glob(["../../routes/*.tsx", "../../routes/*.ts"]));

// Route files whose pages are not for search engines, or that need parameters listed from content instead.
// Pages in every language carry an optional language segment first: "($lang).about" is /about and /es/about.
const LANGUAGE_SEGMENT = /^\(\$lang\)\./;
const PRIVATE_ROUTE = /^(api\.|admin|newsletter|mail\.|bell|\$)|\$|\[\.\]/;

/** Public page paths from the route files themselves, so a new page appears in the sitemap without a second list. */
export function staticPaths(routeFiles: readonly string[]): string[] {
  const paths = routeFiles
    .map((file) => file.replace(/^.*\//, "").replace(/\.tsx?$/, "").replace(LANGUAGE_SEGMENT, ""))
    .filter((name) => !PRIVATE_ROUTE.test(name))
    .map((name) => (name === "_index" ? "/" : `/${name.replace(/\._index$/, "").replaceAll(".", "/")}`));
  return [...new Set(paths)].sort();
}

export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

export function sitemapEntries(routeFiles: readonly string[] = ROUTE_FILES): SitemapEntry[] {
  return [
    ...staticPaths(routeFiles).map((path) => ({ path })),
    ...axioms.list().map((entry) => ({ path: `/axioms/${entry.slug}` })),
    ...research.list().map((entry) => ({ path: `/research/${entry.slug}`, lastModified: entry.date })),
    ...blog.list().map((entry) => ({ path: `/blog/${entry.slug}`, lastModified: entry.date })),
  ];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Every page once per language, each listing all its languages and x-default (English) as alternates, as search
 * engines ask of a multilingual sitemap.
 */
export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const base = siteUrl.replace(/\/+$/, "");
  const urls = entries.flatMap(({ path, lastModified }) => {
    const alternates = [
      ...LOCALES.map((locale) => ({ hreflang: LOCALE_INFO[locale].tag, href: base + localizePath(path, locale) })),
      { hreflang: "x-default", href: base + path },
    ]
      .map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`)
      .join("");
    return LOCALES.map(
      (locale) =>
        `  <url><loc>${escapeXml(base + localizePath(path, locale))}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ""}${alternates}</url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
