import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
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
 * V8's explicit compile hint: the framework chunks every page hydrates with are compiled eagerly on the streaming
 * parser's background thread instead of function by function on the main thread during hydration (ADR 0011).
 */
function eagerCompileHydrationChunks(chunkNames: readonly string[]): Plugin {
  let serverBuild = false;
  return {
    name: "quantum-bell:eager-compile-hydration-chunks",
    apply: "build",
    configResolved(config) {
      serverBuild = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (serverBuild) return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunkNames.includes(chunk.name)) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
  };
}

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
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
      },
    }),
    vanillaExtractPlugin(),
    eagerCompileHydrationChunks(["entry.client", "components"]),
  ],
  build: {
    target: "es2022",
    rollupOptions: {
      output: {
        // Every vanilla-extract module in one chunk, so each page asks for one stylesheet instead of five or six
        // (ADR 0011); the class-name maps that come along are about 3 KB of JavaScript.
        manualChunks: (id) => (id.includes(".css.ts") ? "styles" : undefined),
      },
    },
  },
});
