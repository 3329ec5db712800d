import type { ServerBuild } from "@remix-run/cloudflare";

// What `npm run build` writes, as production runs it: the Worker (build/server/worker.js) and the Remix build it
// shares its modules with. Imported by computed names so that type-checking does not depend on a build being there.
const WORKER = "../../build/server/worker.js";
const REMIX_BUILD = "../../build/server/index.js";

type Worker = Required<Pick<ExportedHandler<Env>, "fetch" | "scheduled">>;

export const builtWorker = ((await import(/* @vite-ignore */ WORKER)) as { default: Worker }).default;
export const remixBuild = (await import(/* @vite-ignore */ REMIX_BUILD)) as ServerBuild;
