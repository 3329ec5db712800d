const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's name in the language of `tag` (Intl.DisplayNames), or undefined where the runtime has none. */
export function regionName(code: string, tag: string): string | undefined {
  let names = regionNames.get(tag);
  if (!names) regionNames.set(tag, (names = new Intl.DisplayNames([tag], { type: "region", fallback: "none" })));
  return names.of(code.toUpperCase()) ?? undefined;
}
