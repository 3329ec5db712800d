// Worker start-up: `wrangler check startup` profiles the CPU an isolate spends importing the Worker before it can
// answer its first request. Five runs of the site's Worker and five of a bare Remix v2 Worker (bench/fixtures/
// bare-remix: same @remix-run/cloudflare, React DOM server renderer, wrangler and flags), interleaved, in the same
// run; each figure is the profile's non-idle CPU. Also the upload size `wrangler deploy --dry-run` reports.
// Usage: npm run bench:startup   (BENCH_STARTUP_RUNS=5; BENCH_SKIP_BUILD=1 to profile the current build)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, offlineEnv, root } from "../scripts/lib/wrangler.mjs";
import { buildBareRemix, BARE_REMIX_CONFIG } from "./lib/bare-remix.mjs";
import { loadAverage, machine } from "./lib/server.mjs";
import { ms, today, writeSection } from "./lib/report.mjs";
import { median } from "./lib/stats.mjs";

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const ATTRIBUTION_RUNS = 3;
const wranglerBin = join(root, "node_modules", ".bin", "wrangler");

function wrangler(args) {
  const result = spawnSync(wranglerBin, args, { cwd: root, env: offlineEnv, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
  return `${result.stdout}${result.stderr}`;
}

/** The bundle `wrangler deploy` would upload, and the sizes it reports for it. */
function bundle(config, dir, extra = [], name = "worker.bundle") {
  const file = join(dir, name);
  const output = wrangler(["deploy", "--dry-run", "--config", config, "--outfile", file, ...extra]);
  const upload = /Total Upload:\s*([\d.,]+ KiB)\s*\/\s*gzip:\s*([\d.,]+ KiB)/.exec(output);
  if (!upload) throw new Error(`no upload size in wrangler's output:\n${output}`);
  return { file, upload: upload[1], gzip: upload[2] };
}

/**
 * Which source module each line of the bundled Worker came from: esbuild heads every module's code with a
 * `// path/to/module.js` comment line. The bundle is the multipart form `wrangler deploy` would upload.
 */
async function sourceMap(file) {
  const bytes = readFileSync(file);
  const boundary = bytes.subarray(2, bytes.indexOf(10)).toString().trim();
  const form = await new Response(bytes, { headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` } }).formData();
  const main = JSON.parse(form.get("metadata")).main_module;
  const lines = (await form.get(main).text()).split("\n");
  const heads = [];
  lines.forEach((line, i) => {
    const head = /^\/\/ ((?:\.\.\/)*[\w@.-][^\s]*\.(?:[cm]?js|tsx?|json|wasm))$/.exec(line);
    if (head) heads.push([i, head[1].replace(/^(\.\.\/)+/, "")]);
  });
  return (line) => {
    let found = GLUE;
    for (const [at, path] of heads) {
      if (at > line) break;
      found = path;
    }
    return found;
  };
}

const GLUE = "(esbuild's helpers)";
const TOP_LEVEL = "(the bundle's top level: hoisted module statements)";

/**
 * Non-idle CPU of a V8 CPU profile (each sample owns the time until the next), and that time by source module: the
 * sample's innermost function that lies in a module of the bundle, above esbuild's helpers (`__init`, `__export`).
 */
export function profileCpu(profile, moduleAt) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
  const owner = (id) => {
    let fallback;
    for (let node = nodes.get(id); node; node = nodes.get(parents.get(node.id))) {
      const frame = node.callFrame;
      if (!frame.url.endsWith("worker.js") || !moduleAt) return fallback ?? (frame.url || frame.functionName || "(anonymous)");
      if (frame.lineNumber < 0) return TOP_LEVEL;
      const module = moduleAt(frame.lineNumber);
      if (module !== GLUE) return module;
      fallback ??= GLUE;
    }
    return fallback ?? "(anonymous)";
  };
  let busy = 0;
  const byModule = new Map();
  for (let i = 0; i < profile.samples.length - 1; i++) {
    if (nodes.get(profile.samples[i]).callFrame.functionName === "(idle)") continue;
    const micros = profile.timeDeltas[i + 1];
    busy += micros;
    const key = owner(profile.samples[i]);
    byModule.set(key, (byModule.get(key) ?? 0) + micros);
  }
  return { ms: busy / 1000, byModule };
}

function profileOnce(target, dir, run) {
  const outfile = join(dir, `startup-${run}.cpuprofile`);
  wrangler(["check", "startup", "--config", target.config, "--worker", target.bundle.file, "--outfile", outfile]);
  return profileCpu(JSON.parse(readFileSync(outfile, "utf8")), target.moduleAt);
}

if (process.env.BENCH_SKIP_BUILD !== "1") build();
const loadAtStart = loadAverage();
buildBareRemix();
const dir = mkdtempSync(join(tmpdir(), "quantum-bell-startup-"));
try {
  const targets = [
    { label: "Quantum Bell Worker", config: join(root, "wrangler.toml") },
    { label: "bare Remix v2 Worker (`bench/fixtures/bare-remix`)", config: BARE_REMIX_CONFIG },
  ].map((target, i) => {
    const targetDir = join(dir, String(i));
    spawnSync("mkdir", ["-p", targetDir]);
    return { ...target, dir: targetDir, bundle: bundle(target.config, targetDir), runs: [] };
  });
  // Attribution needs esbuild's module comments, which minifying drops: one more profile of the site, unminified.
  const [site, bare] = targets;
  const readable = { ...site, bundle: bundle(site.config, site.dir, ["--no-minify"], "readable.bundle") };
  readable.moduleAt = await sourceMap(readable.bundle.file);
  for (let run = 0; run < RUNS; run++) {
    for (const target of targets) {
      const result = profileOnce(target, target.dir, run);
      target.runs.push(result.ms);
      console.log(`${target.label}: ${ms(result.ms)}`);
    }
  }
  // Several profiles summed, so one run slowed by the shared machine does not decide the table.
  const readableRuns = Array.from({ length: ATTRIBUTION_RUNS }, (_, run) => profileOnce(readable, readable.dir, `readable-${run}`));
  const attributed = { ms: readableRuns.reduce((sum, r) => sum + r.ms, 0) / ATTRIBUTION_RUNS, byModule: new Map() };
  for (const { byModule } of readableRuns) for (const [module, micros] of byModule) attributed.byModule.set(module, (attributed.byModule.get(module) ?? 0) + micros / ATTRIBUTION_RUNS);
  const ratio = median(site.runs) / median(bare.runs);
  const heaviest = [...attributed.byModule].sort((a, b) => b[1] - a[1]).slice(0, 12);
  writeSection(
    "startup",
    [
      `### Worker start-up CPU (${today()})`,
      "",
      `Command: \`npm run bench:startup\` (\`wrangler check startup\` on the bundle \`wrangler deploy --dry-run\` writes, ${RUNS} runs per`,
      "Worker, the two Workers interleaved; each figure is the profile's non-idle CPU: the isolate importing the Worker before its",
      `first request). Machine: ${machine()}; load average (1 min) ${loadAtStart} at the start, ${loadAverage()} at the end. Goal (issue 32): the site's median ≤ 2× the bare Remix Worker's, same run.`,
      "",
      "| Worker | median | runs | upload | upload gzip |",
      "|---|---|---|---|---|",
      ...targets.map((t) => `| ${t.label} | ${ms(median(t.runs))} | ${t.runs.map(ms).join(", ")} | ${t.bundle.upload} | ${t.bundle.gzip} |`),
      "",
      `Ratio: ${ratio.toFixed(1)}× the bare Worker (${ratio <= 2 ? "within" : "above"} the 2× goal).`,
      "",
      `Where the site spends it, from ${ATTRIBUTION_RUNS} more profiles of the same Worker bundled unminified (${ms(attributed.ms)} a run on average), by source module,`,
      "average self time a run:",
      "",
      "| module | self time |",
      "|---|---|",
      ...heaviest.map(([url, micros]) => `| \`${url}\` | ${ms(micros / 1000)} |`),
    ].join("\n"),
  );
  console.log(`site ${ms(median(site.runs))}, bare ${ms(median(bare.runs))}: ${ratio.toFixed(1)}×`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
