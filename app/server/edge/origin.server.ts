import { settingsOf } from "./settings.server";

/**
 * Cross-site protection for sockets and mutations. A browser always sends Origin on a WebSocket upgrade and a
 * cross-site POST; a missing Origin therefore means a non-browser client, which same-origin rules cannot protect.
 */
export function isSameSiteOrigin(request: Request, env: Env): boolean {
  const origin = request.headers.get("Origin");
  if (!origin) return true;
  if (origin === new URL(request.url).origin) return true;
  return origin === new URL(settingsOf(env).SITE_URL).origin;
}

/**
 * Remix runs an action only when the request's Origin names the Host it was sent to, and answers anything else with
 * an empty 500. A post whose Origin is this site's but whose Host is another (a proxy or a crafted request) is refused
 * before Remix sees it.
 */
export function originMatchesHost(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (!origin) return true;
  try {
    return new URL(origin).host === (request.headers.get("Host") ?? new URL(request.url).host);
  } catch {
    return false;
  }
}
