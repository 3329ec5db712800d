import { abortAllDurableObjects, applyD1Migrations, env, listDurableObjectIds, runInDurableObject } from "cloudflare:test";
import { vi } from "vitest";
import { readsChanged } from "~/server/edge/read-cache.server";

// Runs before each test file. The files of a runner share one workerd (isolate: false), so each starts with what a
// new one had in storage: an empty, freshly migrated D1, Durable Objects with no storage and no instance in memory,
// the Worker's memo of public reads forgotten, and no spy or stubbed global left by a file that failed before restoring
// it. Other module state (loaded fonts) lives on (ADR 0083).
async function emptyDatabase(): Promise<void> {
  const { results } = await env.DB.prepare(
    "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view') AND substr(name, 1, 7) <> 'sqlite_' AND substr(name, 1, 4) <> '_cf_'",
  ).all<{ type: string; name: string }>();
  if (results.length === 0) return;
  await env.DB.batch([
    env.DB.prepare("PRAGMA defer_foreign_keys = on"),
    ...results.filter(({ type }) => type === "view").map(({ name }) => env.DB.prepare(`DROP VIEW "${name}"`)),
    ...results.filter(({ type }) => type === "table").map(({ name }) => env.DB.prepare(`DROP TABLE "${name}"`)),
  ]);
}

async function emptyNamespace<T extends Rpc.DurableObjectBranded>(namespace: DurableObjectNamespace<T>): Promise<void> {
  for (const id of await listDurableObjectIds(namespace)) {
    await runInDurableObject(namespace.get(id), async (_instance: T, state: DurableObjectState) => {
      await state.storage.deleteAlarm();
      await state.storage.deleteAll();
    });
  }
}

async function emptyDurableObjects(): Promise<void> {
  // Every Durable Object binding of wrangler.toml; a new one is added here.
  await emptyNamespace(env.BELL_ROOM);
  await emptyNamespace(env.BELL_RELAY);
  await abortAllDurableObjects();
}

vi.restoreAllMocks();
vi.unstubAllGlobals();
await emptyDurableObjects();
await emptyDatabase();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
readsChanged();
