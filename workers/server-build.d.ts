// The Remix server bundle written by `remix vite:build` is plain JavaScript; wrangler.toml and the
// vitest config alias this name to build/server/index.js.
import type { ServerBuild } from "@remix-run/cloudflare";

declare const build: ServerBuild;
export = build;
