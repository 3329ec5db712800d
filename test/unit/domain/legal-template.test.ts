import { describe, expect, it } from "vitest";
import { expandTemplate, markdownText } from "~/domain/legal-template";

describe("the legal pages' template", () => {
  it("fills values and keeps one branch of each condition", () => {
    const source = "Kept {{days}} days. {{#if tiles}}Tiles from {{host}}.{{else}}No tiles.{{/if}} {{#if mail}}Mail.{{/if}}";
    expect(expandTemplate(source, { days: 30, tiles: true, host: "tiles.example.org", mail: false })).toBe("Kept 30 days. Tiles from tiles.example.org. ");
    expect(expandTemplate(source, { days: 7, tiles: false, host: "", mail: true })).toBe("Kept 7 days. No tiles. Mail.");
  });

  it("refuses a name no setting provides, so a typo in any language fails instead of printing braces", () => {
    expect(() => expandTemplate("{{dayz}}", { days: 1 })).toThrow(/dayz/);
    expect(() => expandTemplate("{{#if tilez}}x{{/if}}", { tiles: true })).toThrow(/tilez/);
  });

  it("escapes an operator's text so it cannot add links, emphasis or HTML", () => {
    expect(markdownText("Bell [Works](https://evil.example) <b>*Ltd*</b>")).toBe("Bell \\[Works\\]\\(https://evil.example\\) \\<b\\>\\*Ltd\\*\\</b\\>");
  });
});
