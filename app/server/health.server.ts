import { bellRoom } from "./bell-room-client.server";
import { edgeCache } from "./edge-cache.server";

export interface HealthReport {
  database: { connected: boolean };
  cache: { connected: boolean };
  /** The spec's name for the realtime service; here it is the BellRoom Durable Object. */
  redis: { connected: boolean };
}

const CHECK_TIMEOUT_MS = 2_000;
const CACHE_PROBE_URL = "https://health.quantum-bell.internal/cache-probe";

async function within(check: () => Promise<boolean>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function databaseConnected(env: Env): Promise<boolean> {
  const row = await env.DB.prepare("SELECT 1 AS ok").first<{ ok: number }>();
  return row?.ok === 1;
}

async function cacheConnected(): Promise<boolean> {
  const stamp = crypto.randomUUID();
  await edgeCache().put(CACHE_PROBE_URL, new Response(stamp, { headers: { "Cache-Control": "max-age=60" } }));
  const cached = await edgeCache().match(CACHE_PROBE_URL);
  return (await cached?.text()) === stamp;
}

async function bellRoomConnected(env: Env): Promise<boolean> {
  return (await bellRoom(env).ping()) === "ok";
}

export async function checkHealth(env: Env): Promise<HealthReport> {
  const [database, cache, redis] = await Promise.all([
    within(() => databaseConnected(env)),
    within(cacheConnected),
    within(() => bellRoomConnected(env)),
  ]);
  return { database: { connected: database }, cache: { connected: cache }, redis: { connected: redis } };
}
