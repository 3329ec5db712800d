// `npm test`: every check CI runs, stopping at the first failure, then one plain summary line. Types, lint, the build
// and the Chromium install do not depend on each other and run side by side, as do the workerd lanes; the other test
// lanes run one by one.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { bin, offlineEnv, root } from "./lib/wrangler.mjs";

const reports = join(root, ".tmp", "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// TypeScript 7's native compiler checks the types; the package named `typescript` stays 5.9 for the tools that use
// its API (typescript-eslint, Remix, the tests that read the source), and its `tsc` is the older one (ADR 0090).
const tsc = join(root, "node_modules", "@typescript", "native", "bin", "tsc");
const vitest = (config, report) => ["run", "--config", config, "--reporter=default", "--reporter=json", `--outputFile=${join(reports, report)}`];
const LANES = ["node.json", "bundle.json", "workerd.json", "ibm.json", "reporting.json", "push.json", "e2e.json"];
const stages = [
  [
    ["types", tsc, ["--noEmit"]],
    ["lint", bin("eslint"), ["--max-warnings=0", "."]],
    ["build", bin("remix"), ["vite:build"]],
    ["chromium", "node", ["scripts/ensure-chromium.mjs"]],
  ],
  [["node: pure rules in Node (test/unit, test/node)", bin("vitest"), vitest("vitest.node.config.ts", "node.json")]],
  [["bundle: the Worker bundle and wrangler dev, inspected in Node (test/bundle)", bin("vitest"), vitest("vitest.bundle.config.ts", "bundle.json")]],
  // The workerd lanes side by side: the IBM lane's chaos run mostly waits on its fake service's answers.
  [
    ["worker: routes, D1 and the BellRoom inside workerd (test/integration)", bin("vitest"), vitest("vitest.config.ts", "workerd.json")],
    ["IBM path as deployed (workerd ↔ fake IBM over HTTP)", bin("vitest"), vitest("vitest.ibm.config.ts", "ibm.json")],
    ["error reporting as deployed (workerd ↔ stand-in Sentry over HTTP)", bin("vitest"), vitest("vitest.reporting.config.ts", "reporting.json")],
    ["Web Push as deployed (workerd ↔ stand-in push service over HTTPS)", bin("vitest"), vitest("vitest.push.config.ts", "push.json")],
  ],
  [["e2e: journeys in Chromium against wrangler dev (test/e2e)", bin("vitest"), vitest("vitest.e2e.config.ts", "e2e.json")]],
];

function summary() {
  let passed = 0;
  let failed = 0;
  for (const file of LANES) {
    const path = join(reports, file);
    if (!existsSync(path)) continue;
    const report = JSON.parse(readFileSync(path, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  return `tests: ${passed} passed, ${failed} failed`;
}

/** Runs one step; alone it streams its output, beside others it prints its output whole when it ends. */
function run([name, command, args], alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: offlineEnv, stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (data) => (output += data));
    child.stderr?.on("data", (data) => (output += data));
    child.on("close", (code) => {
      if (!alone && (code !== 0 || output.trim())) process.stdout.write(`\n── ${name} ──\n${output}`);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(code === 0 ? `✔ ${name} (${seconds} s)` : `✖ ${name} failed (exit ${code}, ${seconds} s).`);
      resolve(code ?? 1);
    });
  });
}

const began = Date.now();
console.log(`Node ${process.version}`);
for (const stage of stages) {
  console.log(`\n▶ ${stage.map(([name]) => name).join(" · ")}`);
  const codes = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    console.log(summary());
    process.exit(failed || 1);
  }
}
console.log(`\nall checks in ${((Date.now() - began) / 1000).toFixed(0)} s`);
console.log(summary());
