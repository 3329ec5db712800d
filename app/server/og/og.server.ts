import { DEFAULT_SITE_NAME } from "~/domain/site";
import { edgeCache } from "../edge-cache.server";
import { ogCacheKey, readOgCard } from "./card.server";
import { hasValidSignature, needsSignature } from "./signature.server";

export { OG_PATH } from "./signature.server";
const CACHE_CONTROL = "public, max-age=86400, s-maxage=604800, stale-while-revalidate=86400";

/**
 * GET /og?title&subtitle&variant: a 1200×630 PNG share card. Served from the Worker entry rather than a Remix route
 * because Vite's server build cannot import .wasm or .woff as modules; wrangler and the vitest pool both can.
 */
export async function handleOgRequest(request: Request, env: Pick<Env, "SITE_NAME" | "HASH_SECRET" | "ASSETS">, ctx: ExecutionContext): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  const url = new URL(request.url);
  const siteName = env.SITE_NAME || DEFAULT_SITE_NAME;
  // Text on the site's own card only when the site wrote it (ADR 0026): anything else gets the default card.
  const trusted = !needsSignature(url.searchParams) || (await hasValidSignature(env, url.searchParams));
  const card = readOgCard(trusted ? url.searchParams : new URLSearchParams(), siteName, url.origin);
  const cacheKey = new Request(ogCacheKey(url.origin, card));
  const cache = edgeCache();
  const cached = await cache.match(cacheKey);
  if (cached) return request.method === "HEAD" ? new Response(null, cached) : cached;

  // The renderer (satori, resvg, fontkit, their WebAssembly and fonts) loads on the first card an isolate draws, not
  // at start-up: most isolates never draw one, and each would pay for it before its first request (issue 32).
  const { renderOgPng } = await import("./render.server");
  const png = await renderOgPng(card, siteName, env.ASSETS).catch((error: unknown) => {
    console.error("og: falling back to the default card", error);
    return renderOgPng(readOgCard(new URLSearchParams(), siteName), siteName, env.ASSETS);
  });
  const response = new Response(png, {
    headers: { "Content-Type": "image/png", "Content-Length": String(png.byteLength), "Cache-Control": CACHE_CONTROL },
  });
  ctx.waitUntil(cache.put(cacheKey, response.clone()));
  return request.method === "HEAD" ? new Response(null, response) : response;
}
