import { staticAssetHeaders } from "./app/server/edge/security-headers.server";
import { ogFontFiles } from "./scripts/og-fonts.mjs";
import { compiledCatalogues } from "./scripts/compiled-catalogues";
import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** Under `npm run dev` the BellRoom runs in a second wrangler (see docs/decisions/0002-serving.md). */
const bellRoomDevPort = Number(process.env.BELL_ROOM_DEV_PORT ?? 5003);

/**
 * V8's explicit compile hint: the framework chunk every page hydrates with (React, React DOM, the Remix runtime) is
 * compiled eagerly on the streaming parser's background thread instead of function by function on the main thread
 * during hydration (ADR 0011). Not on the `site` chunk: most of its functions do not run on load (ADR 0014).
 */
function eagerCompileHydrationChunks(chunkNames: readonly string[]): Plugin {
  let serverBuild = false;
  return {
    name: "quantum-bell:eager-compile-hydration-chunks",
    apply: "build",
    configResolved(config) {
      serverBuild = Boolean(config.build.ssr);
    },
    generateBundle: {
      // After Vite's own, which writes a chunk's preload map above its code: the hint must be the first line.
      order: "post",
      handler(_options, bundle) {
        if (serverBuild) return;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === "chunk" && chunkNames.includes(chunk.name)) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

/**
 * The Worker (workers/entry.ts: Remix, the API, /og, the BellRoom and the poller) is a second entry of the server build,
 * beside Remix's own, so Rollup puts every module both use in one shared chunk: one copy of each server module in
 * the Worker, however many ways it is reached (ADR 0017). The share images' .wasm and .woff imports stay imports, for
 * wrangler's module rules to load when it bundles build/server/worker.js.
 */
type Asset = { fileName: string; source: string | Uint8Array };

/** A plugin that adds files to the client build's output (never the server's): static assets served without the Worker. */
function clientAssets(name: string, files: () => Asset[]): Plugin {
  return {
    name: `quantum-bell:${name}`,
    apply: (_config, { command, isSsrBuild }) => command === "build" && !isSsrBuild,
    generateBundle() {
      for (const { fileName, source } of files()) this.emitFile({ type: "asset", fileName, source });
    },
  };
}

/**
 * Self-hosted flags (ADR 0019): the client build emits country-flag-icons' 3:2 SVGs as /flags/XX.svg, so the live
 * strip, the countries table and the map popups show a drawn flag on every system (emoji flags are letter pairs on
 * Windows) without a third-party request. Emitted by the build, never copied into the source tree.
 */
function selfHostedFlags(): Plugin {
  const folder = join(createRequire(import.meta.url).resolve("country-flag-icons/package.json"), "..", "3x2");
  return clientAssets("self-hosted-flags", () =>
    readdirSync(folder)
      .filter((file) => /^[A-Z]{2}\.svg$/.test(file))
      .map((file) => ({ fileName: `flags/${file}`, source: readFileSync(join(folder, file)) })),
  );
}

/**
 * The share card's fonts for Arabic, Devanagari and Chinese (ADR 0028): too large for the Worker, so the client build
 * emits them as static assets for /og to read, as TrueType with a manifest of what each file draws.
 */
const ogScriptFonts = () => clientAssets("og-script-fonts", ogFontFiles);

/**
 * Static assets (the JS and CSS bundles, flags, favicon, manifest) are served without the Worker, so they get the
 * Worker's security headers from a `_headers` file the build writes from the same values (issue 21). Every file
 * under /assets/ is named by a hash of its content (Vite's bundles, the catalogues), so a browser keeps it for a
 * year without asking again (ADR 0074); the other files keep the platform's revalidation.
 */
function staticSecurityHeaders(): Plugin {
  return clientAssets("static-security-headers", () => {
    const lines = Object.entries(staticAssetHeaders()).map(([name, value]) => `  ${name}: ${value}`);
    return [{ fileName: "_headers", source: ["/*", ...lines, "/assets/*", "  Cache-Control: public, max-age=31536000, immutable", ""].join("\n") }];
  });
}

/**
 * The Worker (workers/entry.ts) is a second input of the server build, beside Remix's own, so Rollup puts every module
 * both use in one shared chunk: one copy of each module in the Worker (ADR 0017). Rollup also bundles every package
 * (the `ssr` settings below), so the chunks are the Worker's modules as uploaded: wrangler does not bundle them again
 * (`no_bundle` in wrangler.toml). Each chunk is then a module of its own in workerd, compiled once, and a chunk reached
 * only through `import()` is compiled on that first use; esbuild's single file wrapped nearly every module in a
 * function parsed twice (ADR 0078). The share images' .wasm and .woff files and the country list's JSON are copied
 * beside the chunks and imported by relative path, for wrangler's module rules.
 */
function workerEntry(entry: string): Plugin {
  const workerModule = /\.(wasm|woff)$|^world-countries\/dist\/countries-unescaped\.json$/;
  const modules = new Map<string, string>();
  let root = "";
  let outDir = "";
  return {
    name: "quantum-bell:worker-entry",
    // Before Vite's resolver, which would load the .wasm files itself.
    enforce: "pre",
    apply: (_config, { command, isSsrBuild }) => command === "build" && Boolean(isSsrBuild),
    config: () => ({
      // Every package bundled, resolved as wrangler resolved them for workerd; Rollup drops what the Worker never
      // reads (zod's locales among it, ADR 0035). React, React DOM and Lingui pick their production code by NODE_ENV.
      ssr: { noExternal: true, resolve: { conditions: ["workerd", "worker", "browser", "production", "module", "import", "default"] } },
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      // Minified as wrangler minified the bundle it made (names kept, as its minifier keeps them): half the
      // JavaScript to parse, and the upload stays under the Free plan's limit (ADR 0035).
      build: { minify: "esbuild" },
      esbuild: { keepNames: true },
    }),
    configResolved(config) {
      root = config.root;
      outDir = resolve(root, config.build.outDir);
    },
    options(options) {
      const external = options.external;
      return {
        ...options,
        input: { index: options.input as string, worker: entry },
        // The platform's own modules.
        external: (id, importer, isResolved) =>
          id.startsWith("cloudflare:") ||
          (typeof external === "function" ? Boolean(external(id, importer, isResolved)) : Array.isArray(external) ? external.includes(id) : external === id),
      };
    },
    async resolveId(id, importer) {
      if (!workerModule.test(id)) return null;
      const resolved = await this.resolve(id, importer, { skipSelf: true });
      if (!resolved) return null;
      const fileName = `modules/${basename(resolved.id)}`;
      modules.set(fileName, resolved.id);
      return { id: join(outDir, fileName), external: true };
    },
    generateBundle(_options, bundle) {
      for (const [fileName, source] of modules) this.emitFile({ type: "asset", fileName, source: readFileSync(source) });
      // Rollup writes those imports with the absolute path the build ran in; workerd wants them relative.
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const from = relative(dirname(chunk.fileName), "modules");
        chunk.code = chunk.code.replaceAll(`"${join(outDir, "modules")}/`, `"${from.startsWith(".") ? from : `./${from}`}/`);
      }
    },
    // Which chunk holds which module, and which chunks each imports statically and by `import()`, for the tests that
    // prove each module is in the Worker once and what loads at start-up (test/bundle/).
    writeBundle(output, bundle) {
      // Only modules with code in the chunk: Rollup lists those it dropped entirely too.
      const chunks = Object.values(bundle).flatMap((chunk) =>
        chunk.type === "chunk"
          ? [[chunk.fileName, Object.entries(chunk.modules).flatMap(([id, module]) => (module.renderedLength > 0 ? [relative(root, id)] : []))]]
          : [],
      );
      const named = (ids: string[]) => ids.map((id) => (id.startsWith(`${outDir}/`) ? relative(outDir, id) : id));
      const imports = Object.values(bundle).flatMap((chunk) =>
        chunk.type === "chunk" ? [[chunk.fileName, { static: named(chunk.imports), dynamic: named(chunk.dynamicImports) }]] : [],
      );
      mkdirSync(join(output.dir!, ".vite"), { recursive: true });
      writeFileSync(join(output.dir!, ".vite", "modules.json"), JSON.stringify(Object.fromEntries(chunks), null, 1));
      writeFileSync(join(output.dir!, ".vite", "imports.json"), JSON.stringify(Object.fromEntries(imports), null, 1));
    },
    outputOptions(output) {
      // Hoisted transitive imports would only add imports a module does not need to the chunks.
      return { ...output, entryFileNames: "[name].js", hoistTransitiveImports: false };
    },
  };
}

/**
 * What the browser's chunks hold: for each chunk in build/client/assets, its source modules (those with code in it,
 * with their rendered size before minification), and the chunks it imports statically and by `import()`. Written
 * beside build/client, never inside it (that folder is served as it is), for the tests that pin what a page loads
 * (test/bundle/home-page-scripts.test.ts) and for reading what a chunk is made of.
 */
function clientChunkMap(): Plugin {
  let root = "";
  return {
    name: "quantum-bell:client-chunk-map",
    apply: (_config, { command, isSsrBuild }) => command === "build" && !isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    writeBundle(output, bundle) {
      const map = Object.fromEntries(
        Object.values(bundle).flatMap((chunk) =>
          chunk.type === "chunk"
            ? [
                [
                  chunk.fileName,
                  {
                    name: chunk.name,
                    modules: Object.fromEntries(
                      Object.entries(chunk.modules).flatMap(([id, module]) => (module.renderedLength > 0 ? [[relative(root, id), module.renderedLength]] : [])),
                    ),
                    static: chunk.imports,
                    dynamic: chunk.dynamicImports,
                  },
                ],
              ]
            : [],
        ),
      );
      writeFileSync(join(output.dir!, "..", "client-chunks.json"), JSON.stringify(map, null, 1));
    },
  };
}

type ModuleInfo = { importedIds: readonly string[] } | null;
type ManualChunks = (id: string, meta: { getModuleInfo: (id: string) => ModuleInfo }) => string | undefined;

/**
 * - Every vanilla-extract module in one chunk, so each page asks for one stylesheet instead of five or six
 *   (ADR 0011); the class-name maps that come along are about 3 KB of JavaScript.
 * - Every module of ours that the root route imports, at any depth, in one `site` chunk, with the packages they
 *   use that no other chunk holds. Every page loads the root route, so this adds no byte to any page; left to
 *   itself Rollup splits these modules by which routes also import them, into a dozen files of a few hundred bytes,
 *   each one more request before the page can hydrate (ADR 0014).
 */
function siteChunks(appDir: string): ManualChunks {
  const rootRoute = `${appDir}/root.tsx`;
  // One module graph per build (the browser's, then the server's), each walked once.
  const everyPageOf = new WeakMap<object, Set<string>>();
  return (id, { getModuleInfo }) => {
    if (id.includes(".css.ts")) return "styles";
    let everyPage = everyPageOf.get(getModuleInfo);
    if (!everyPage) everyPageOf.set(getModuleInfo, (everyPage = staticImports(rootRoute, getModuleInfo)));
    return id !== rootRoute && id.startsWith(`${appDir}/`) && everyPage.has(id) ? "site" : undefined;
  };
}

/** `from` and every module it imports statically, at any depth. */
function staticImports(from: string, getModuleInfo: (id: string) => ModuleInfo): Set<string> {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length) {
    for (const next of getModuleInfo(queue.pop()!)?.importedIds ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      // fontkit's WOFF2 decoder, never used by the card's TrueType fonts (ADR 0028).
      "brotli/decompress.js": fileURLToPath(new URL("./scripts/stubs/brotli-decompress.mjs", import.meta.url)),
    },
  },
  server: {
    port: 5002,
    strictPort: true,
    proxy: { "/ws": { target: `ws://127.0.0.1:${bellRoomDevPort}`, ws: true } },
  },
  plugins: [
    remixCloudflareDevProxy({ configPath: "wrangler.dev.toml", persist: { path: ".wrangler/state/v3" } }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    vanillaExtractPlugin(),
    compiledCatalogues(),
    selfHostedFlags(),
    ogScriptFonts(),
    staticSecurityHeaders(),
    eagerCompileHydrationChunks(["entry.client"]),
    clientChunkMap(),
    workerEntry(fileURLToPath(new URL("./workers/entry.ts", import.meta.url))),
  ],
  build: {
    target: "es2022",
    rollupOptions: {
      output: {
        manualChunks: siteChunks(fileURLToPath(new URL("./app", import.meta.url))),
        // Route modules named "($lang).about" would otherwise give file names with brackets in them.
        sanitizeFileName: (name) => name.replace(/[\0?*()$]/g, "").replace(/^_+/, "") || "chunk",
      },
    },
  },
});
