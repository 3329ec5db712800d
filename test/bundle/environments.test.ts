import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { bin } from "../../scripts/lib/wrangler.mjs";

// Each deployed environment of wrangler.toml builds as `npm run deploy:<env>` would deploy it, uploading nothing.
// The two dry runs share nothing but the build they read, so they run side by side.
const root = join(import.meta.dirname, "..", "..");
const out = mkdtempSync(join(tmpdir(), "worker-env-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe.concurrent.each(["staging", "production"])("wrangler deploy --dry-run --env %s", (name) => {
  it("succeeds, with an https SITE_URL, observability on, keep_vars, the cron and every binding", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [bin("wrangler"), "deploy", "--dry-run", "--env", name, "--outdir", join(out, name)], {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_LOG_PATH: join(out, "logs") },
    });
    expect(stdout).toContain("--dry-run: exiting now.");
    expect(stdout).not.toMatch(/Unexpected fields/);
    for (const binding of ["env.DB", "env.BELL_ROOM (BellRoom)", "env.BELL_RELAY (BellRelay)", "env.METRICS", "env.ASSETS", `env.DEPLOY_ENV ("${name}")`]) {
      expect(stdout).toContain(binding);
    }
    const config = unstable_readConfig({ config: join(root, "wrangler.toml"), env: name }, { hideWarnings: true });
    expect(new URL(config.vars.SITE_URL as string).protocol).toBe("https:");
    expect(stdout).toContain(`env.SITE_URL ("${config.vars.SITE_URL as string}")`);
    expect(config.observability?.enabled).toBe(true);
    // Cloudflare's invocation log records each request's full URL, private /for/ paths included: /privacy says it is off.
    expect(config.observability?.logs?.invocation_logs).toBe(false);
    expect(config.keep_vars).toBe(true);
    expect(config.triggers.crons).toEqual(["* * * * *"]);
    expect(config.routes?.length).toBeGreaterThan(0);
  });
});
