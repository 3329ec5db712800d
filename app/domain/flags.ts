/** The site's own drawn flag of a country (emitted by the build from country-flag-icons), or null for a bad code. */
export function selfHostedFlag(countryCode: string): string | null {
  const code = countryCode.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? `/flags/${code}.svg` : null;
}

/** The flags to try in turn for a country: the site's own first; an empty list leaves only the emoji. */
export function ownFlagSources(countryCode: string): string[] {
  const own = selfHostedFlag(countryCode);
  return own ? [own] : [];
}
