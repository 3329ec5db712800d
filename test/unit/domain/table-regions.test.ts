import { english } from "../../support/english";
import { describe, expect, it } from "vitest";
import { wrapTables } from "../../../app/lib/table-regions";

const labels = (html: string) => [...html.matchAll(/role="region" aria-label="([^"]*)"/g)].map((match) => match[1]);

describe("wrapTables", () => {
  it("names each table's scrolling region after the heading above it, so landmarks stay distinct", () => {
    const html = wrapTables(english, "<h2>Cookies we set</h2><table><tr><td>a</td></tr></table><h2>Storage <em>in</em> your browser</h2><table></table>");
    expect(labels(html)).toEqual(["Cookies we set: table, scrolls sideways", "Storage in your browser: table, scrolls sideways"]);
    expect(html.match(/<div class="table-scroll" tabindex="0"/g)).toHaveLength(2);
    expect(html.match(/<\/table><\/div>/g)).toHaveLength(2);
  });

  it("numbers tables without a heading, and tables under one heading", () => {
    expect(labels(wrapTables(english, "<table></table><h3>Costs</h3><table></table><table></table>"))).toEqual([
      "Table 1: table, scrolls sideways",
      "Costs: table, scrolls sideways",
      "Costs (3): table, scrolls sideways",
    ]);
  });
});
