// The Remix server build, as Remix's Vite plugin provides it to modules of the same server build (vite.config.ts
// builds workers/entry.ts beside it, so both share one copy of every server module).
declare module "virtual:remix/server-build" {
  import type { ServerBuild } from "@remix-run/cloudflare";

  const build: ServerBuild;
  export = build;
}
