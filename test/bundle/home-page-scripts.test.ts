import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";

// Issue 49 and the first-load budget of docs/architecture.md#budgets: what the home page's HTML makes the browser fetch before it hydrates (the entry, the root
// route, the home route and every chunk they import statically, at any depth), read from the build:
// build/client-chunks.json (vite.config.ts) says which source modules each chunk holds and what it imports, and
// Remix's manifest names each route's module. `npm run bench:bundle` measures the same in Chromium, lazy chunks too.

const root = join(import.meta.dirname, "..", "..");
const client = join(root, "build", "client");
const FIRST_LOAD_BUDGET_KB = 160;

type Chunk = { name: string; modules: Record<string, number>; static: string[]; dynamic: string[] };
let chunks: Record<string, Chunk>;
let firstLoad: string[];

beforeAll(() => {
  chunks = JSON.parse(readFileSync(join(root, "build", "client-chunks.json"), "utf8")) as Record<string, Chunk>;
  const manifestFile = readdirSync(join(client, "assets")).find((file) => /^manifest-[\w-]+\.js$/.test(file))!;
  const manifest = JSON.parse(
    readFileSync(join(client, "assets", manifestFile), "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;\s*$/, ""),
  ) as { entry: { module: string }; routes: Record<string, { module: string }> };
  const starts = [manifest.entry.module, manifest.routes.root.module, manifest.routes["routes/($lang)._index"].module].map((url) => url.slice(1));
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(chunks[file]?.static ?? []));
  }
  firstLoad = [...seen];
});

const modulesOf = (files: string[]) => files.flatMap((file) => Object.keys(chunks[file]?.modules ?? {}));

describe("the home page's first-load JavaScript", () => {
  it("is read from the build: every file it names was built, with its modules", () => {
    expect(firstLoad.length).toBeGreaterThan(3);
    for (const file of firstLoad) expect(chunks[file], file).toBeDefined();
    expect(modulesOf(firstLoad)).toContain("app/routes/($lang)._index.tsx");
  });

  it("holds no zod: the wire contract's runtime loads only with a first call or socket message", () => {
    expect(modulesOf(firstLoad).filter((id) => id.includes("node_modules/zod/"))).toEqual([]);
    // The same reading finds zod where the build put it, so the check is not passing by accident.
    expect(modulesOf(Object.keys(chunks)).some((id) => id.includes("node_modules/zod/"))).toBe(true);
  });

  it("parses the room's socket messages with zod/mini: the first message a page receives loads no zod classic", () => {
    // ADR 0123: app/domain/room-messages.ts and the public wish's shape are written with zod/mini, which tree-shakes.
    const roomMessages = Object.keys(chunks).find((file) => "app/domain/room-messages.ts" in chunks[file].modules)!;
    expect(roomMessages).toBeDefined();
    const reached = new Set<string>();
    const queue = [roomMessages];
    while (queue.length) {
      const file = queue.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      queue.push(...(chunks[file]?.static ?? []));
    }
    const zod = modulesOf([...reached]).filter((id) => id.includes("node_modules/zod/"));
    expect(zod.filter((id) => id.includes("/mini/")).length).toBeGreaterThan(0);
    expect(zod.filter((id) => id.includes("/classic/"))).toEqual([]);
  });

  it("holds neither Leaflet nor the map's shapes", () => {
    expect(modulesOf(firstLoad).filter((id) => /node_modules\/leaflet\/|countries-110m|world-map\.client/.test(id))).toEqual([]);
  });

  it(`is within the first-load budget of ${FIRST_LOAD_BUDGET_KB} KB (gzip)`, () => {
    const bytes = firstLoad.reduce((sum, file) => sum + gzipSync(readFileSync(join(client, file)), { level: 9 }).byteLength, 0);
    expect(bytes / 1024).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
  });
});
