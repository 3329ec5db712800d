// `npm run deploy -- --env production` (or `deploy:production`, `deploy:staging`): check the environment's settings,
// build, apply its D1 migrations, deploy. Stops at the first step that fails, with a sentence saying which (ADR 0045).
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { unstable_readConfig } from "wrangler";
import { rollbackAdvice, waitForHealthy } from "./lib/deploy-health.mjs";

const { values } = parseArgs({ options: { env: { type: "string" }, secrets: { type: "string" } } });
const env = values.env;
if (env !== "production" && env !== "staging") {
  console.error('Choose an environment: npm run deploy -- --env production (or --env staging).');
  process.exit(1);
}

const steps = [
  ["check the settings", ["node", "--import", "tsx", "scripts/check-settings.ts", "--env", env, ...(values.secrets ? ["--secrets", values.secrets] : [])]],
  ["build", ["npx", "remix", "vite:build"]],
  // Before the code: a new migration must only add (columns, tables, indexes), so the running version keeps working.
  ["apply the D1 migrations", ["npx", "wrangler", "d1", "migrations", "apply", "DB", "--remote", "--env", env]],
  ["deploy the Worker", ["npx", "wrangler", "deploy", "--env", env]],
];

for (const [name, [command, ...args]] of steps) {
  console.log(`\n== ${env}: ${name} ==`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, CI: process.env.CI ?? "1" } });
  if (result.status !== 0) {
    console.error(`\nDeploy to ${env} stopped: could not ${name} (exit ${result.status ?? result.signal}). Nothing after this step ran.`);
    process.exit(1);
  }
}
// The deployed site, read as an uptime monitor reads it: the deploy is done when /healthz answers 200.
const origin = String(unstable_readConfig({ config: "wrangler.toml", env }, { hideWarnings: true }).vars?.SITE_URL ?? "").replace(/\/+$/, "");
console.log(`\n== ${env}: check ${origin}/healthz ==`);
const health = await waitForHealthy(origin);
if (!health.healthy) {
  console.error(`\n${origin}/healthz is not healthy after the deploy (${health.status ?? "no answer"}):`);
  for (const problem of health.problems) console.error(`- ${problem}`);
  for (const line of rollbackAdvice(env)) console.error(line);
  process.exit(1);
}
console.log(`\nDeployed to ${env}, and ${origin}/healthz answers 200. Watch /admin/operations.`);
for (const line of rollbackAdvice(env)) console.log(line);
