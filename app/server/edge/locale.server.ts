import { DEFAULT_LOCALE, LOCALE_COOKIE, localizePath, negotiateLocale, preferredLocaleFor, splitLocalePath, type Locale } from "~/domain/locale";
import { readCookie } from "./cookies.server";

// The API, the admin (English only), Remix's own addresses (/__manifest, single-fetch .data) and files are not pages.
const NOT_A_PAGE = /^\/(?:(?:api|admin)(?:\/|$)|__)|\.[a-z0-9]+$/i;
const ENGLISH_PREFIX = /^\/en(?=\/|$)/;

/** What a page's language depends on besides its path: every page answer says so to caches. */
export const LOCALE_VARY = "Accept-Language, Cookie";

export function isLocalizedPage(request: Request, url: URL): boolean {
  return (request.method === "GET" || request.method === "HEAD") && !NOT_A_PAGE.test(url.pathname);
}

/**
 * A redirect target on this site only. A path that begins with more than one slash (or a backslash, which browsers
 * read as one) names another host ("//evil.example/x"), so leading runs collapse to one slash, and the result is
 * checked by resolving it against the request's own origin (docs/product.md#one-person-one-share).
 */
export function sameOriginLocation(path: string, url: URL): string {
  const target = new URL(path.replace(/^[/\\]+/, "/"), url.origin);
  if (target.origin !== url.origin) return "/";
  return `${target.pathname.replace(/^[/\\]+/, "/")}${target.search}`;
}

function redirect(path: string, url: URL, status: 301 | 302): Response {
  const headers = { Location: sameOriginLocation(path, url), Vary: LOCALE_VARY, "Cache-Control": "private, no-store" };
  return new Response(null, { status, headers });
}

/**
 * Sends a page request to the language it belongs in (ADR 0027): the visitor's own choice, else the language of a
 * shared link, else the browser's first language we speak. Undefined when the request is already there.
 */
export function localeRedirect(request: Request, url: URL): Response | undefined {
  if (!isLocalizedPage(request, url)) return undefined;
  // English has no prefix: "/en/about" is "/about".
  if (ENGLISH_PREFIX.test(url.pathname)) return redirect((url.pathname.replace(ENGLISH_PREFIX, "") || "/") + url.search, url, 301);
  const { locale, prefixed } = splitLocalePath(url.pathname);
  const wanted = preferredLocaleFor(locale, prefixed, readCookie(request, LOCALE_COOKIE), request.headers.get("Accept-Language"));
  if (wanted === locale) return undefined;
  return redirect(localizePath(url.pathname, wanted) + url.search, url, 302);
}

/**
 * The language the API speaks to a request: the site's own calls name their page's language in Accept-Language,
 * anyone else gets the best match to theirs.
 */
export function requestLocale(request: Request): Locale {
  return negotiateLocale(request.headers.get("Accept-Language")) ?? DEFAULT_LOCALE;
}
