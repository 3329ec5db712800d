import { scrollRegionLabel, type Translate } from "~/domain/messages";

/**
 * Wraps each table in a scrolling region named after the heading above it (landmarks need distinct names, and "Cookies
 * we set: table" says more than "Table"); a table without a heading above it is numbered.
 */
export function wrapTables(t: Translate, html: string): string {
  let heading = "";
  let tables = 0;
  const used = new Set<string>();
  return html
    .replace(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1>|<table>/g, (match, _level: string | undefined, inner: string | undefined) => {
      if (inner !== undefined) {
        heading = inner.replace(/<[^>]*>/g, "").trim();
        return match;
      }
      tables += 1;
      let name = heading || `Table ${tables}`;
      if (used.has(name)) name = `${name} (${tables})`;
      used.add(name);
      return `<div class="table-scroll" tabindex="0" role="region" aria-label="${scrollRegionLabel(t, name).replace(/"/g, "&quot;")}"><table>`;
    })
    .replace(/<\/table>/g, "</table></div>");
}
