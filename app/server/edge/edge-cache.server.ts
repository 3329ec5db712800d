/**
 * The Workers Cache API's default cache. The DOM library (needed by the React side) declares a `caches`
 * without Cloudflare's `default`, so the one cast lives here.
 */
export function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}
