// Shared helpers for the project's scripts and the test harness: run wrangler offline, migrate and seed a
// local D1, and start the built Worker in workerd.
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** A tool of node_modules/.bin, started directly (no `npx`): its `#!/usr/bin/env node` finds npm's PATH's Node. */
export const bin = (name) => join(root, "node_modules", ".bin", name);

// The scripts run on the project's Node (the `node` devDependency, docs/decisions/0031-node-24-from-the-registry.md),
// which npm puts first on a script's PATH. Started some other way, say how instead of failing deep inside wrangler.
const NODE_MAJOR = 24;
if (Number(process.versions.node.split(".")[0]) < NODE_MAJOR) {
  console.error(
    `This is Node ${process.version}; the project's scripts run on Node ${NODE_MAJOR}, which \`npm install\` puts in ` +
      "node_modules/.bin: start them through npm (npm start, npm test, npm run <script>).",
  );
  process.exit(1);
}

/** Nothing phones home, nothing asks a question, logs stay inside the ignored .wrangler folder. */
export const offlineEnv = {
  ...process.env,
  CI: "true",
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_LOG_PATH: join(root, ".wrangler", "logs"),
  NO_D1_WARNING: "true",
};

export function ensureDevVars() {
  const target = join(root, ".dev.vars");
  if (!existsSync(target)) {
    copyFileSync(join(root, ".dev.vars.example"), target);
    console.log("Created .dev.vars from .dev.vars.example (safe local values).");
  }
}

function run(command, args, { quiet = false } = {}) {
  const result = spawnSync(command, args, { cwd: root, env: offlineEnv, encoding: "utf8", stdio: quiet ? "pipe" : "inherit" });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    throw new Error(`${command} ${args.join(" ")} failed with exit code ${result.status}`);
  }
  return result.stdout ?? "";
}

const persistArgs = (persistTo) => (persistTo ? ["--persist-to", persistTo] : []);

export function wrangler(args, options) {
  return run(bin("wrangler"), args, options);
}

export function build() {
  run(bin("remix"), ["vite:build"]);
}

export function migrate(persistTo) {
  wrangler(["d1", "migrations", "apply", "DB", "--local", ...persistArgs(persistTo)], { quiet: true });
}

/**
 * A new, empty database with every migration's SQL applied, in order, by one `wrangler d1 execute`: `migrations
 * apply` starts a Miniflare for each migration (27 of them, 9.5 s). It keeps no `d1_migrations` rows, so it is for
 * throwaway databases that no `migrations apply` will meet again (the journeys' sites, the /og cold start's).
 */
export function migrateThrowaway(persistTo) {
  const folder = join(root, "migrations");
  const sql = readdirSync(folder)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => readFileSync(join(folder, name), "utf8"))
    .join("\n");
  const sqlFile = join(persistTo, "migrations.sql");
  mkdirSync(persistTo, { recursive: true });
  writeFileSync(sqlFile, sql);
  wrangler(["d1", "execute", "DB", "--local", "--file", sqlFile, ...persistArgs(persistTo)], { quiet: true });
}

export function queryLocal(sql, persistTo) {
  const out = wrangler(["d1", "execute", "DB", "--local", "--json", "--command", sql, ...persistArgs(persistTo)], { quiet: true });
  return JSON.parse(out)[0].results;
}

export function isDatabaseEmpty(persistTo) {
  return queryLocal("SELECT COUNT(*) AS n FROM wishes", persistTo)[0].n === 0;
}

export function seed(persistTo) {
  const sqlFile = join(persistTo ?? join(root, ".wrangler"), "seed.sql");
  mkdirSync(dirname(sqlFile), { recursive: true });
  run(bin("tsx"), [join(root, "scripts", "seed.ts"), sqlFile]);
  wrangler(["d1", "execute", "DB", "--local", "--file", sqlFile, ...persistArgs(persistTo)], { quiet: true });
}

/** Migrates, and seeds a believable demo world when the database has no wishes yet. */
export function prepareDatabase(persistTo) {
  migrate(persistTo);
  if (isDatabaseEmpty(persistTo)) {
    seed(persistTo);
    return "seeded";
  }
  return "kept";
}

/**
 * Copies a local D1 that no server has open (a `--persist-to` folder) into a new folder: the same database without
 * running the migrations again, which costs wrangler about 9 s of CPU for the 27 of them.
 */
export function copyDatabase(from, to) {
  cpSync(from, to, { recursive: true });
}

/**
 * `wrangler dev` bundles the Worker with process.env.NODE_ENV = "development" unless NODE_ENV says otherwise
 * (`wrangler deploy` uses "production"), which puts React's development server renderer (several times slower:
 * about 1 s instead of 0.1 s for the home page here) behind every page. The built site runs as deployed.
 */
const productionEnv = { ...offlineEnv, NODE_ENV: "production" };

/** What wrangler dev says when a port it binds is taken: a caller may start it again on other ports. */
export const PORT_IN_USE = /Address already in use/;

/**
 * Starts `wrangler dev` on the built Worker (pages, API, /ws, cron) and resolves once it answers.
 * Extra vars override wrangler.toml for tests (e.g. a short cooldown is never used: tests use the real rules).
 * `args` are passed on to `wrangler dev` (a bench fixture's `--config` and `--inspector-port`).
 */
export function startServer({ port, persistTo, vars = {}, stdio = "pipe", args = [] }) {
  ensureDevVars();
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const child = spawn(
    bin("wrangler"),
    ["dev", "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false", ...persistArgs(persistTo), ...varArgs, ...args],
    { cwd: root, env: productionEnv, stdio, detached: process.platform !== "win32" },
  );
  let output = "";
  // A wrangler that cannot start (a port already taken, a bad config) says so and exits: no need to wait a minute.
  const failed = new Promise((_, reject) => {
    child.once("exit", (code) => reject(new Error(`wrangler dev exited (${code}) before it answered`)));
    const watch = (d) => {
      output += d;
      if (PORT_IN_USE.test(output)) reject(new Error("wrangler dev found a port already in use"));
    };
    child.stdout?.on("data", watch);
    child.stderr?.on("data", watch);
  });
  const ready = Promise.race([waitForHttp(`http://127.0.0.1:${port}/api/infrastructure/health`, 60_000), failed]).catch((error) => {
    stopServer(child);
    throw new Error(`${error.message}\n--- wrangler output ---\n${output}`);
  });
  return { child, ready, output: () => output };
}

export function stopServer(child) {
  if (!child || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
}

export async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      lastError = new Error(`${url} answered ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Server did not become ready at ${url}: ${lastError?.message}`);
}

/** The cron schedule of wrangler.toml: every minute, in every environment. */
export const CRON_INTERVAL_MS = 60_000;

/**
 * `wrangler dev` never fires a cron by itself: this does, every minute, as Cloudflare does deployed, through the
 * local trigger `/cdn-cgi/local/scheduled`. A run that cannot be reached (the server stopping) is only logged.
 * Returns the function that stops the timer.
 */
export function fireCronEveryMinute(origin, log = console.error) {
  const fire = () =>
    fetch(`${origin}/cdn-cgi/local/scheduled`).then(
      (response) => {
        if (!response.ok) log(`The cron trigger answered ${response.status}.`);
      },
      (error) => log(`The cron trigger could not be reached: ${error.message}`),
    );
  void fire();
  const timer = setInterval(fire, CRON_INTERVAL_MS);
  return () => clearInterval(timer);
}
