// `npm test`: every check CI runs, in order, stopping at the first failure.
import { spawnSync } from "node:child_process";
import { offlineEnv, root } from "./lib/wrangler.mjs";

const steps = [
  ["types", "npx", ["tsc", "--noEmit"]],
  ["lint", "npx", ["eslint", "--max-warnings=0", "."]],
  ["build", "npx", ["remix", "vite:build"]],
  ["chromium", "node", ["scripts/ensure-chromium.mjs"]],
  ["unit + integration (workerd)", "npx", ["vitest", "run", "--config", "vitest.config.ts"]],
  ["end-to-end (Chromium)", "npx", ["vitest", "run", "--config", "vitest.e2e.config.ts"]],
];

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, env: offlineEnv, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
