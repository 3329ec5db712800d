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
const wranglerBin = join(root, "node_modules", ".bin", "wrangler");

function wrangler(args) {
  const result = spawnSync(wranglerBin, args, { cwd: root, env: offlineEnv, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
  return `${result.stdout}${result.stderr}`;
}

/** The modules `wrangler deploy` would upload, as one file, and the sizes it reports for them. */
function bundle(config, dir) {
  const file = join(dir, "worker.bundle");
  const output = wrangler(["deploy", "--dry-run", "--config", config, "--outfile", file]);
  const upload = /Total Upload:\s*([\d.,]+ KiB)\s*\/\s*gzip:\s*([\d.,]+ KiB)/.exec(output);
  if (!upload) throw new Error(`no upload size in wrangler's output:\n${output}`);
  return { file, upload: upload[1], gzip: upload[2] };
}

/**
 * Non-idle CPU of a V8 CPU profile (each sample owns the time until the next), and that time by where it was spent:
 * the Worker's module (one per chunk of the build, ADR 0078) the sample's innermost frame is in, or the runtime's own
 * entry ("(garbage collector)", "(program)") when it is in none.
 */
export function profileCpu(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  let busy = 0;
  const byModule = new Map();
  for (let i = 0; i < profile.samples.length - 1; i++) {
    const frame = nodes.get(profile.samples[i]).callFrame;
    if (frame.functionName === "(idle)") continue;
    const micros = profile.timeDeltas[i + 1];
    busy += micros;
    const key = frame.url ? (/(?:^|\/)((?:assets|modules)\/[^/]+|[^/]+)$/.exec(frame.url)?.[1] ?? frame.url) : frame.functionName || "(anonymous)";
    byModule.set(key, (byModule.get(key) ?? 0) + micros);
  }
  return { ms: busy / 1000, byModule };
}

function profileOnce(target, dir, run) {
  const outfile = join(dir, `startup-${run}.cpuprofile`);
  wrangler(["check", "startup", "--config", target.config, "--worker", target.bundle.file, "--outfile", outfile]);
  return profileCpu(JSON.parse(readFileSync(outfile, "utf8")));
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
  const [site, bare] = targets;
  for (let run = 0; run < RUNS; run++) {
    for (const target of targets) {
      const result = profileOnce(target, target.dir, run);
      target.runs.push(result.ms);
      target.profiles = [...(target.profiles ?? []), result];
      console.log(`${target.label}: ${ms(result.ms)}`);
    }
  }
  // The site's runs summed by module, so one run slowed by the shared machine does not decide the table.
  const attributed = new Map();
  for (const { byModule } of site.profiles) for (const [module, micros] of byModule) attributed.set(module, (attributed.get(module) ?? 0) + micros / RUNS);
  const ratio = median(site.runs) / median(bare.runs);
  const heaviest = [...attributed].sort((a, b) => b[1] - a[1]).slice(0, 12);
  writeSection(
    "startup",
    [
      `### Worker start-up CPU (${today()})`,
      "",
      `Command: \`npm run bench:startup\` (\`wrangler check startup\` on the bundle \`wrangler deploy --dry-run\` writes, ${RUNS} runs per`,
      "Worker, the two Workers interleaved; each figure is the profile's non-idle CPU: the isolate importing the Worker before its",
      "first request; V8 compiling each module's top level, which workerd does as it loads the modules, is outside the profile for both",
      `Workers, ADR 0078). Machine: ${machine()}; load average (1 min) ${loadAtStart} at the start, ${loadAverage()} at the end. Goal (issue 32): the site's median ≤ 2× the bare Remix Worker's, same run.`,
      "",
      "| Worker | median | runs | upload | upload gzip |",
      "|---|---|---|---|---|",
      ...targets.map((t) => `| ${t.label} | ${ms(median(t.runs))} | ${t.runs.map(ms).join(", ")} | ${t.bundle.upload} | ${t.bundle.gzip} |`),
      "",
      `Ratio: ${ratio.toFixed(1)}× the bare Worker (${ratio <= 2 ? "within" : "above"} the 2× goal).`,
      "",
      `Where the site spends it, from the same ${RUNS} profiles, by the Worker's module the time was spent in (each a chunk of the build,`,
      "ADR 0078; `vite.config.ts` writes which source modules each holds to `build/server/.vite/modules.json`), average self time a run:",
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
