import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// ADR 0017: the Worker that wrangler uploads holds one copy of each of our modules. Vite builds workers/entry.ts
// beside Remix's server build (build/server/.vite/modules.json says which chunk holds which module); wrangler then bundles
// build/server/worker.js with esbuild (its metafile says which files went in).

const root = join(import.meta.dirname, "..", "..");
const ours = (path: string) => /^(app|workers)\//.test(path);
let out: string;
let inputs: string[];
let bundle: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), "worker-bundle-"));
  execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", out, "--metafile", join(out, "meta.json")], {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_LOG_PATH: join(out, "logs") },
    stdio: "pipe",
  });
  const meta = JSON.parse(readFileSync(join(out, "meta.json"), "utf8")) as { inputs: Record<string, unknown> };
  inputs = Object.keys(meta.inputs).map((path) => relative(root, join(root, path)));
  bundle = readFileSync(join(out, "worker.js"), "utf8");
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the Worker bundle", () => {
  it("is made from the build alone: no module of ours comes in from source beside it", () => {
    expect(inputs).toContain("build/server/worker.js");
    expect(inputs.filter(ours)).toEqual([]);
  });

  it("holds each module of ours in exactly one chunk of the build, and each chunk once", () => {
    const chunks = JSON.parse(readFileSync(join(root, "build", "server", ".vite", "modules.json"), "utf8")) as Record<string, string[]>;
    const bundled = Object.keys(chunks).filter((file) => inputs.includes(`build/server/${file}`));
    const copies = new Map<string, number>();
    for (const file of bundled) for (const module of chunks[file]!.filter(ours)) copies.set(module, (copies.get(module) ?? 0) + 1);
    expect(copies.get("app/server/read-cache.server.ts")).toBe(1);
    expect(copies.get("workers/bell-room.ts")).toBe(1);
    expect([...copies].filter(([, count]) => count !== 1)).toEqual([]);
    expect(new Set(inputs).size).toBe(inputs.length);
  });

  it("defines the shared read cache once", () => {
    expect(bundle.match(/function cachedRead(\$\d+|\d+)?\(/g)).toHaveLength(1);
  });
});
