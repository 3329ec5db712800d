import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bin } from "../../scripts/lib/wrangler.mjs";

// ADR 0017 and ADR 0078: Vite builds the Worker, workers/entry.ts beside Remix's server build, with every package
// bundled; build/server/.vite/modules.json says which chunk holds which module, imports.json which chunks and files
// each chunk imports, statically and by `import()`. wrangler uploads those chunks as they are (`no_bundle`), one
// module each: `wrangler deploy --dry-run --outdir` writes what it would upload.

const root = join(import.meta.dirname, "..", "..");
const server = join(root, "build", "server");
const ours = (path: string) => /^(app|workers)\//.test(path);
let out: string;
let uploaded: string[];
let chunks: Record<string, string[]>;
let imports: Record<string, { static: string[]; dynamic: string[] }>;
let code: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), "worker-bundle-"));
  execFileSync(process.execPath, [bin("wrangler"), "deploy", "--dry-run", "--outdir", out], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", WRANGLER_SEND_METRICS: "false", WRANGLER_LOG_PATH: join(out, "logs") },
    stdio: "pipe",
  });
  uploaded = readdirSync(out, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.includes("logs") && entry.name !== "README.md")
    .map((entry) => join(entry.parentPath, entry.name).slice(out.length + 1));
  chunks = JSON.parse(readFileSync(join(server, ".vite", "modules.json"), "utf8")) as typeof chunks;
  imports = JSON.parse(readFileSync(join(server, ".vite", "imports.json"), "utf8")) as typeof imports;
  code = uploaded.filter((file) => /\.m?js$/.test(file)).map((file) => readFileSync(join(out, file), "utf8")).join("\n");
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The entry and what it imports, at any depth: statically only (what an isolate evaluates before its first request), or also by `import()`. */
function reached({ dynamic }: { dynamic: boolean }): Set<string> {
  const seen = new Set<string>();
  const queue = ["worker.js"];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(imports[file]?.static ?? []), ...(dynamic ? (imports[file]?.dynamic ?? []) : []));
  }
  return seen;
}

describe("the Worker upload", () => {
  it("is the build as Vite wrote it: every chunk, byte for byte, and nothing bundled again", () => {
    // Remix's own server entry (index.js) is built too; the Worker does not import it.
    const built = [...reached({ dynamic: true })].filter((file) => file in chunks);
    expect(built.length).toBeGreaterThan(10);
    expect(uploaded).toContain("worker.js");
    expect(uploaded.filter((file) => /\.m?js$/.test(file)).sort()).toEqual(built.sort());
    for (const file of built) expect(readFileSync(join(out, file)).equals(readFileSync(join(server, file))), file).toBe(true);
    // No bare import is left for a bundler to resolve: only the platform's modules and files beside the chunks.
    const specifiers = Object.values(imports).flatMap(({ static: s, dynamic: d }) => [...s, ...d]);
    expect(specifiers.filter((id) => !/^(cloudflare:|node:)/.test(id) && !uploaded.includes(id))).toEqual([]);
  });

  it("holds each module of ours in exactly one chunk", () => {
    const copies = new Map<string, number>();
    for (const modules of Object.values(chunks)) for (const module of modules.filter(ours)) copies.set(module, (copies.get(module) ?? 0) + 1);
    expect(copies.get("app/server/edge/read-cache.server.ts")).toBe(1);
    expect(copies.get("workers/bell-room/bell-room.ts")).toBe(1);
    expect([...copies].filter(([, count]) => count !== 1)).toEqual([]);
  });

  // Issue 32 (ADR 0035, ADR 0078): what an isolate evaluates before its first request is the entry's chunk and the
  // chunks it imports statically; a chunk reached only through `import()` is loaded, and compiled, on first use.
  it("loads the share-card renderer, obscenity's word lists, marked, the Sentry client and the world outlines on first use, never at start-up", () => {
    const lazy = /^node_modules\/(satori|@resvg|fontkit|@shuding|obscenity|marked|toucan-js)\/|^app\/server\/og\/render\.server\.ts$|^node_modules\/world-atlas\//;
    const all = Object.values(chunks).flat();
    // Not vacuous: each is in the Worker.
    for (const name of ["satori", "@resvg", "fontkit", "@shuding", "obscenity", "marked", "toucan-js", "world-atlas"]) {
      expect(all.some((module) => module.startsWith(`node_modules/${name}/`)), name).toBe(true);
    }
    expect(all).toContain("app/server/og/render.server.ts");
    const startup = reached({ dynamic: false });
    expect([...startup].flatMap((file) => (chunks[file] ?? []).filter((module) => lazy.test(module)))).toEqual([]);
    // Nor their WebAssembly or fonts: a static import of a .wasm or .woff module is linked when the Worker starts.
    expect([...startup].filter((file) => /\.(wasm|woff)$/.test(file))).toEqual([]);
    const dynamic = Object.values(imports).flatMap(({ dynamic: d }) => d);
    expect(dynamic.filter((file) => file.endsWith(".wasm")).sort()).toEqual(["modules/index_bg.wasm", "modules/yoga.wasm"]);
  });

  // ADR 0039: the catalogues are compiled by the build (scripts/compiled-catalogues.ts), so Lingui's ICU parser, whose
  // lexer is built when its module is evaluated, is not in the Worker at all.
  it("holds the catalogues compiled, and no ICU message parser", () => {
    expect(Object.values(chunks).flat().filter((module) => /node_modules\/(@messageformat|moo)\//.test(module))).toEqual([]);
    expect(code).not.toContain("compileMessage");
    // Not vacuous: a plural message is in the upload in Lingui's compiled form.
    expect(code).toContain('[["count","plural",{"one":["#"," measurement"]');
  });

  it("defines the shared read cache once", () => {
    // The minifier keeps function names as `__name(fn, "cachedRead")` (renamed), one per definition.
    expect(code.match(/,\s*"cachedRead"\)/g)).toHaveLength(1);
  });
});
