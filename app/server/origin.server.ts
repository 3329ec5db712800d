/**
 * Cross-site protection for sockets and mutations. A browser always sends Origin on a WebSocket upgrade and a
 * cross-site POST; a missing Origin therefore means a non-browser client, which same-origin rules cannot protect.
 */
export function isSameSiteOrigin(request: Request, env: Pick<Env, "SITE_URL">): boolean {
  const origin = request.headers.get("Origin");
  if (!origin) return true;
  if (origin === new URL(request.url).origin) return true;
  try {
    return origin === new URL(env.SITE_URL).origin;
  } catch {
    return false;
  }
}
