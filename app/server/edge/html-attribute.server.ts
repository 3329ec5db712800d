/**
 * HTMLRewriter reads attribute values as written in the HTML (entities and all) and writes back what it is given:
 * the two ends of that, for the passes that read or write attributes (stylesheets-first, sign-share-images).
 */
export function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
}

export function unescapeAttribute(value: string): string {
  return value.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}
