import { edgeCache } from "../edge/edge-cache.server";
import { errorFields, log } from "../edge/log.server";
import { settingsOf } from "../edge/settings.server";
import { readOgCard, storedCardKey, type OgCard } from "./card.server";
import { hasValidSignature, needsSignature } from "./signature.server";
import { drawRingCards, readStoredCard, storeCard } from "./stored-cards.server";

export { OG_PATH } from "./signature.server";
const CACHE_CONTROL = "public, max-age=86400, s-maxage=604800, stale-while-revalidate=86400";

/**
 * Draws a card. The renderer (satori, resvg, fontkit, their WebAssembly and fonts) loads on the first card an isolate
 * draws, not at start-up: most isolates never draw one, and each would pay for it before its first request (docs/architecture.md#start-up).
 * A card that cannot be drawn falls back to the default card (`fellBack`), which is never kept under the other's key.
 */
async function draw(card: OgCard, siteName: string, assets: Fetcher): Promise<{ png: Uint8Array<ArrayBuffer>; fellBack: boolean }> {
  const { renderOgPng } = await import("./render.server");
  try {
    return { png: await renderOgPng(card, siteName, assets), fellBack: false };
  } catch (error) {
    log("error", "og: falling back to the default card", errorFields(error));
    return { png: await renderOgPng(readOgCard(new URLSearchParams(), siteName), siteName, assets, true), fellBack: true };
  }
}

/** A kept card, or null when there is none or D1 cannot answer (the card is then drawn: a slower answer, not an error). */
async function keptCard(env: Env, key: string): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    return await readStoredCard(env.DB, key);
  } catch (error) {
    log("warn", "og: the kept cards could not be read", errorFields(error));
    return null;
  }
}

/**
 * GET /og?title&subtitle&variant: a 1200×630 PNG share card. Served from the Worker entry rather than a Remix route
 * because Vite's server build cannot import .wasm or .woff as modules; wrangler and the vitest pool both can.
 * Looked up in the colo's cache, then among the cards kept in D1 (ADR 0050), and drawn only when neither has it.
 */
export async function handleOgRequest(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  const url = new URL(request.url);
  const siteName = settingsOf(env).SITE_NAME;
  // Text on the site's own card only when the site wrote it (ADR 0026): anything else gets the default card.
  const trusted = !needsSignature(url.searchParams) || (await hasValidSignature(env, url.searchParams));
  // The card's short link is the site's canonical origin, the same whichever host served /og (ADR 0061).
  const card = readOgCard(trusted ? url.searchParams : new URLSearchParams(), siteName, settingsOf(env).SITE_URL);
  const key = storedCardKey(card);
  const cacheKey = new Request(`${url.origin}${key}`);
  const cache = edgeCache();
  const cached = await cache.match(cacheKey);
  if (cached) return request.method === "HEAD" ? new Response(null, cached) : cached;

  const kept = await keptCard(env, key);
  const drawn = kept ? null : await draw(card, siteName, env.ASSETS);
  const png = kept ?? drawn!.png;
  const response = new Response(png, {
    headers: { "Content-Type": "image/png", "Content-Length": String(png.byteLength), "Cache-Control": CACHE_CONTROL },
  });
  ctx.waitUntil(cache.put(cacheKey, response.clone()));
  // Every card is kept but a fallback: the ones without text are a bounded set (six variants and the 62 constellations
  // of each ring format, in six languages), and text is drawn only as the site signed it.
  if (drawn && !drawn.fellBack) {
    ctx.waitUntil(
      storeCard(env.DB, key, drawn.png, Date.now()).catch((error: unknown) =>
        log("warn", "og: a drawn card could not be kept", errorFields(error)),
      ),
    );
  }
  return request.method === "HEAD" ? new Response(null, response) : response;
}

/** The cron's step: completed rings' cards drawn ahead of their first visitor (ADR 0050). */
export async function drawCompletedRingCards(env: Env, now?: number) {
  const siteName = settingsOf(env).SITE_NAME;
  return drawRingCards(
    env,
    async (card) => {
      const { png, fellBack } = await draw(card, siteName, env.ASSETS);
      if (fellBack) throw new Error("the card fell back to the default one");
      return png;
    },
    now,
  );
}
