// Imported by vite.config.ts (the _headers file), where the ~ alias does not exist: relative imports only.
import { CSP_REPORT_GROUP, CSP_REPORT_PATH } from "../../domain/csp-report";

const BASE_HEADERS: Record<string, string> = {
  // Where the CSP's report-to group sends violations (stored for /admin).
  "Reporting-Endpoints": `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), payment=(), usb=(), geolocation=(self)",
  "Cross-Origin-Opener-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

/** A fresh, unguessable value for each HTML document: only scripts carrying it may run. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The site's Content Security Policy. With a nonce, Remix's inline boot and data scripts carry it and the modules
 * they import are this site's own files ('self'). No 'strict-dynamic': in Chromium it lets any script element made
 * with createElement run, inline text included, so one DOM-insertion bug would become script execution (found by
 * test/e2e/security.e2e.ts). Without a nonce (JSON, images, text) no script may run at all. Styles stay
 * 'unsafe-inline' because React writes style attributes (progress bars, orbiting particles) and Leaflet positions
 * tiles inline. Only an HTML page shows the map, so only its policy names the tile service.
 */
export function contentSecurityPolicy(nonce?: string, tileOrigin?: string | null): string {
  return [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'none'",
    "style-src 'self' 'unsafe-inline'",
    // Images come from this site, data: URLs (Leaflet's own) and the operator's tile service if any (MAP_TILE_URL).
    tileOrigin ? `img-src 'self' data: ${tileOrigin}` : "img-src 'self' data:",
    "font-src 'self'",
    // 'self' covers this origin's own ws: and wss: (CSP Level 3): no other host may be reached from a page.
    "connect-src 'self'",
    "media-src 'self' data: blob:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    // report-to for browsers with the Reporting API; report-uri for the rest (they ignore it when report-to works).
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ].join("; ");
}

/** The headers of a static asset served without the Worker (the build writes them into `_headers`). */
export function staticAssetHeaders(): Record<string, string> {
  return { ...BASE_HEADERS, "Content-Security-Policy": contentSecurityPolicy() };
}

/** Adds the headers every response carries; HSTS only where the site is served over https. */
export function withSecurityHeaders(response: Response, url: URL): Response {
  if (response.status === 101) return response;
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(BASE_HEADERS)) {
    if (!secured.headers.has(name)) secured.headers.set(name, value);
  }
  // HTML documents arrive with their own nonce policy from entry.server; everything else gets the script-free one.
  if (!secured.headers.has("Content-Security-Policy")) secured.headers.set("Content-Security-Policy", contentSecurityPolicy());
  if (url.protocol === "https:") secured.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  return secured;
}
