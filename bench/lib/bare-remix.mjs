// The bare Remix v2 Worker the start-up and Lighthouse benches compare the site with (bench/fixtures/bare-remix).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { offlineEnv, root } from "../../scripts/lib/wrangler.mjs";

const fixture = join(root, "bench", "fixtures", "bare-remix");
export const BARE_REMIX_CONFIG = join(fixture, "wrangler.toml");

/** `remix vite:build` of the fixture, into its own (ignored) build folder. */
export function buildBareRemix() {
  const result = spawnSync(join(root, "node_modules", ".bin", "remix"), ["vite:build", fixture], { cwd: root, env: offlineEnv, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`building the bare Remix fixture failed:\n${result.stdout}${result.stderr}`);
}
