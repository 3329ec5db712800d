import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin } from "../../scripts/lib/wrangler.mjs";

// ADR 0017: the Worker that wrangler uploads holds one copy of each of our modules. Vite builds workers/entry.ts
// beside Remix's server build (build/server/.vite/modules.json says which chunk holds which module); wrangler then bundles
// build/server/worker.js with esbuild (its metafile says which files went in).

const root = join(import.meta.dirname, "..", "..");
const ours = (path: string) => /^(app|workers)\//.test(path);
let out: string;
let inputs: string[];
let bundle: string;
type Meta = {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
};
let meta: Meta;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), "worker-bundle-"));
  execFileSync(process.execPath, [bin("wrangler"), "deploy", "--dry-run", "--outdir", out, "--metafile", join(out, "meta.json")], {
    cwd: root,
    // NODE_ENV as a deploy has it (vitest sets "test", which wrangler would define into the bundle instead).
    env: { ...process.env, NODE_ENV: "production", WRANGLER_SEND_METRICS: "false", WRANGLER_LOG_PATH: join(out, "logs") },
    stdio: "pipe",
  });
  meta = JSON.parse(readFileSync(join(out, "meta.json"), "utf8")) as Meta;
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
    expect(copies.get("workers/bell-room/bell-room.ts")).toBe(1);
    expect([...copies].filter(([, count]) => count !== 1)).toEqual([]);
    expect(new Set(inputs).size).toBe(inputs.length);
  });

  // Issue 32 (ADR 0035): what an isolate evaluates before its first request. esbuild's metafile names every input of
  // the bundle with the kind of each import: what the entry reaches through static imports is evaluated at start-up,
  // what it reaches only through `import()` on first use.
  it("loads the share-card renderer, obscenity's word lists, marked, the Sentry client and the world outlines on first use, never at start-up", () => {
    const atStartup = new Set<string>();
    const external = new Set<string>();
    const queue = ["build/server/worker.js"];
    while (queue.length) {
      const file = queue.pop()!;
      if (atStartup.has(file)) continue;
      atStartup.add(file);
      for (const { path, kind, external: isExternal } of meta.inputs[file]?.imports ?? []) {
        if (kind !== "import-statement" && kind !== "require-call") continue;
        if (isExternal) external.add(path);
        else queue.push(path);
      }
    }
    const lazy = /node_modules\/(satori|@resvg|fontkit|@shuding|obscenity|marked|toucan-js)\/|build\/server\/assets\/(render\.server|countries-110m)-/;
    // Not vacuous: each is in the Worker, reached through an import() of its own.
    const names = ["satori", "@resvg", "fontkit", "obscenity", "marked", "toucan-js"].map((name) => `node_modules/${name}/`);
    // The reverse geocoder's world outlines (ADR 0067) are a chunk of their own, parsed on the first lookup.
    for (const name of [...names, "build/server/assets/render.server-", "build/server/assets/countries-110m-"]) {
      expect(inputs.some((path) => path.startsWith(name)), name).toBe(true);
    }
    expect([...atStartup].filter((path) => lazy.test(path))).toEqual([]);
    // Nor their WebAssembly or fonts: a static import of a .wasm or .woff module (esbuild hoists those of a lazy
    // module to the bundle's top) is linked when the Worker starts; an import() of one is not.
    expect([...external].filter((path) => /\.(wasm|woff)$/.test(path))).toEqual([]);
    expect(bundle.match(/^import .* from "[^"]+\.(wasm|woff)";$/gm)).toBeNull();
    expect(bundle.match(/import\("\.\/[^"]+\.wasm"\)/g)).toHaveLength(2);
  });

  // ADR 0039: the catalogues are compiled by the build (scripts/compiled-catalogues.ts), so Lingui's ICU parser, whose
  // lexer is built when its module is evaluated, is not in the Worker at all.
  it("holds the catalogues compiled, and no ICU message parser", () => {
    // @lingui/core imports the parser for development only; production builds drop it, which esbuild's metafile shows.
    const written = Object.values(meta.outputs).flatMap((output) => Object.entries(output.inputs));
    expect(written.filter(([path, { bytesInOutput }]) => /node_modules\/(@messageformat|moo)\//.test(path) && bytesInOutput > 0)).toEqual([]);
    expect(bundle).not.toContain("compileMessage");
    // Not vacuous: a plural message is in the bundle in Lingui's compiled form.
    expect(bundle).toContain('[["count","plural",{"one":["#"," measurement"]');
  });

  it("defines the shared read cache once", () => {
    // wrangler keeps function names through its minifier as `__name(fn, "cachedRead")`, one per definition.
    expect(bundle.match(/,\s*"cachedRead"\)/g)).toHaveLength(1);
  });
});
