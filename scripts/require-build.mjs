// The workerd lanes load the Worker through build/server: build it first when it is missing or older than any
// source it is made from, so a test never runs against a stale build.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { bin, offlineEnv, root } from "./lib/wrangler.mjs";

const built = join(root, "build", "server", "worker.js");

function newestIn(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestIn(join(path, entry))), stat.mtimeMs);
}

const sources = ["app", "workers", "public", "vite.config.ts", "package-lock.json"].map((path) => join(root, path)).filter(existsSync);
const stale = !existsSync(built) || sources.some((path) => newestIn(path) > statSync(built).mtimeMs);
if (stale) {
  console.log(existsSync(built) ? "build/ is older than the app's sources: building first." : "There is no build/ yet: building first.");
  const result = spawnSync(bin("remix"), ["vite:build"], { cwd: root, env: offlineEnv, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The build failed, so the workerd tests cannot run.");
    process.exit(result.status || 1);
  }
}
