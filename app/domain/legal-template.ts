/**
 * The legal pages' Markdown is a small template, so what they say follows the code and the operator's settings
 * (docs/product.md#privacy): `{{name}}` is a value, `{{#if name}}…{{else}}…{{/if}}` keeps one branch (not nested). A name the
 * values do not hold throws, so a typo in any language fails the page's test instead of printing braces.
 */
export type TemplateValues = Record<string, string | number | boolean>;

const BLOCK = /\{\{#if ([\w.]+)\}\}([\s\S]*?)(?:\{\{else\}\}([\s\S]*?))?\{\{\/if\}\}/g;
const VALUE = /\{\{([\w.]+)\}\}/g;

function lookup(values: TemplateValues, name: string): string | number | boolean {
  if (!(name in values)) throw new Error(`The legal page names {{${name}}}, which no setting provides.`);
  return values[name]!;
}

export function expandTemplate(source: string, values: TemplateValues): string {
  const chosen = source.replace(BLOCK, (_match, name: string, then: string, otherwise = "") => (lookup(values, name) ? then : otherwise));
  return chosen.replace(VALUE, (_match, name: string) => String(lookup(values, name)));
}

/** Text an operator typed, safe inside Markdown: no emphasis, link or HTML it did not mean. */
export function markdownText(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+!|~]/g, (char) => `\\${char}`);
}
