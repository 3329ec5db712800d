import { axioms, blog, research } from "./content.server";

// Only the file names are read; the modules are the route modules the server bundle holds anyway.
const ROUTE_FILES = Object.keys(import.meta.glob(["../routes/*.tsx", "../routes/*.ts"]));

// Route files whose pages are not for search engines, or that need parameters listed from content instead.
const PRIVATE_ROUTE = /^(api\.|admin|newsletter|mail\.|bell|\$)|\$|\[\.\]/;

/** Public page paths from the route files themselves, so a new page appears in the sitemap without a second list. */
export function staticPaths(routeFiles: readonly string[]): string[] {
  const paths = routeFiles
    .map((file) => file.replace(/^.*\//, "").replace(/\.tsx?$/, ""))
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
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const base = siteUrl.replace(/\/+$/, "");
  const urls = entries.map(
    ({ path, lastModified }) =>
      `  <url><loc>${escapeXml(base + path)}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
