const BASE_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), payment=(), usb=(), geolocation=(self)",
  "Cross-Origin-Opener-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

/** Adds the headers every response carries; HSTS only where the site is served over https. */
export function withSecurityHeaders(response: Response, url: URL): Response {
  if (response.status === 101) return response;
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(BASE_HEADERS)) {
    if (!secured.headers.has(name)) secured.headers.set(name, value);
  }
  if (url.protocol === "https:") secured.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  return secured;
}
