// `npm test`: every check CI runs, in order, stopping at the first failure, then one plain summary line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { offlineEnv, root } from "./lib/wrangler.mjs";

const reports = join(root, ".tmp", "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const vitest = (config, report) => ["vitest", "run", "--config", config, "--reporter=default", "--reporter=json", `--outputFile=${join(reports, report)}`];
const steps = [
  ["types", "npx", ["tsc", "--noEmit"]],
  ["lint", "npx", ["eslint", "--max-warnings=0", "."]],
  ["build", "npx", ["remix", "vite:build"]],
  ["chromium", "node", ["scripts/ensure-chromium.mjs"]],
  ["unit + integration (workerd)", "npx", vitest("vitest.config.ts", "workerd.json")],
  ["end-to-end (Chromium)", "npx", vitest("vitest.e2e.config.ts", "e2e.json")],
];

function summary() {
  let passed = 0;
  let failed = 0;
  for (const file of ["workerd.json", "e2e.json"]) {
    const path = join(reports, file);
    if (!existsSync(path)) continue;
    const report = JSON.parse(readFileSync(path, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  return `tests: ${passed} passed, ${failed} failed`;
}

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, env: offlineEnv, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status}).`);
    console.log(summary());
    process.exit(result.status || 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log(`\n${summary()}`);
