import { bellRoom } from "./bell-room-client.server";
import { edgeCache } from "./edge-cache.server";
import { providerProblem, settingsOf } from "~/server/edge/settings.server";

export interface HealthReport {
  database: { connected: boolean };
  cache: { connected: boolean };
  /** The first client's name for the realtime service (docs/api.md#calls); here it is the BellRoom Durable Object. */
  redis: { connected: boolean };
  /** The configured quantum provider; `problem` names what stops it (a missing secret), never a secret's value. */
  quantum: { provider: string; ready: boolean; problem?: string };
}

const CHECK_TIMEOUT_MS = 2_000;
const CACHE_PROBE_URL = "https://health.quantum-bell.internal/cache-probe";

async function within<T>(check: () => Promise<T>, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch(() => fallback), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function databaseConnected(env: Env): Promise<boolean> {
  const row = await env.DB.prepare("SELECT 1 AS ok").first<{ ok: number }>();
  return row?.ok === 1;
}

/**
 * Down means the Cache API throws or hangs. Where it is a no-op (a `*.workers.dev` host, a zone without cache) it
 * stores nothing and answers every match with a miss: the site works the same, only uncached, so that is not down.
 */
async function cacheConnected(): Promise<boolean> {
  await edgeCache().put(CACHE_PROBE_URL, new Response("ok", { headers: { "Cache-Control": "max-age=60" } }));
  await edgeCache().match(CACHE_PROBE_URL);
  return true;
}

async function bellRoomConnected(env: Env): Promise<boolean> {
  return (await bellRoom(env).ping()) === "ok";
}

function quantumReport(env: Env): HealthReport["quantum"] {
  const provider = settingsOf(env).QUANTUM_PROVIDER ?? "unknown";
  const problem = providerProblem(settingsOf(env));
  return problem === null ? { provider, ready: true } : { provider, ready: false, problem };
}

export async function checkHealth(env: Env): Promise<HealthReport> {
  const [database, cache, redis] = await Promise.all([
    within(() => databaseConnected(env), false),
    within(cacheConnected, false),
    within(() => bellRoomConnected(env), false),
  ]);
  return { database: { connected: database }, cache: { connected: cache }, redis: { connected: redis }, quantum: quantumReport(env) };
}
