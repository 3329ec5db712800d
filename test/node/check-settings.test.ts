import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { checkSettings, settingsReport } from "../../scripts/lib/settings-check";

// `npm run check:production` as the operator runs it: the real wrangler.toml (with its placeholders filled in, or not)
// and a secrets file; the exit code and the sentences are the contract. The rules are checked in this process, through
// the same functions the script calls; the script itself, as a child process, in the tests that say so (each child
// spends about a second of CPU starting Node, tsx and wrangler's config reader, so one per case made this file half of
// the node lane). Those children run side by side (describe.concurrent), hence the longer timeout.

const root = join(import.meta.dirname, "..", "..");
// The inner loop may be the first command on a fresh clone: only `npm test` makes .tmp/ otherwise.
mkdirSync(join(root, ".tmp"), { recursive: true });
const work = mkdtempSync(join(root, ".tmp", "check-settings-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const GOOD_SECRETS = {
  HASH_SECRET: "k1Hc9Zq4mW7vT2yB8nR5xL0pD3sF6gJ1aE",
  SESSION_SECRET: "u7Yt4Rr2Ee9Ww1Qq3Aa5Ss8Dd6Ff0Gg2Hh",
  ADMIN_PASSWORD: "correct horse battery staple",
  VAPID_PUBLIC_KEY: "BG89lkMSWGpi_sv_7jl07HuBaPvMvdsgksouvOltCK0aGxnzsTuX9DjFu2vrJ_InCeO7u8GPkn8vatrVX8DbapA",
  VAPID_PRIVATE_KEY: "lNFl57hJd0B6I9KMpRMVEKEk6HHY7gIZk2idWKDMALk",
};

/** wrangler.toml with the operator's edits: the placeholders replaced by a real host and database. */
function config(edit: (toml: string) => string = (toml) => toml): string {
  const filled = readFileSync(join(root, "wrangler.toml"), "utf8")
    .replaceAll("quantum-bell.example", "bell.quantum-peace.org")
    .replaceAll("00000000-0000-0000-0000-000000000000", "6f1c2d3e-4a5b-4c6d-8e7f-901234567890")
    .replace('OPERATOR_NAME = ""', 'OPERATOR_NAME = "Quantum Bell Trust"')
    .replace('OPERATOR_CONTACT = ""', 'OPERATOR_CONTACT = "privacy@quantum-peace.org"')
    .replace(/(\[env\.production\.vars\][^[]*?)DONATE_PAYPAL_URL = ""/s, '$1DONATE_PAYPAL_URL = "https://www.paypal.com/paypalme/quantumpeacetrust"');
  const path = join(work, `wrangler-${Math.random().toString(36).slice(2)}.toml`);
  writeFileSync(path, edit(filled));
  return path;
}

function secrets(values: Record<string, string>): string {
  const path = join(work, `secrets-${Math.random().toString(36).slice(2)}.vars`);
  writeFileSync(path, Object.entries(values).map(([key, value]) => `${key}="${value}"`).join("\n"));
  return path;
}

/** The check and its report, as the script gives them. */
async function run(env: string, configPath: string, secretsPath: string): Promise<{ code: number; output: string }> {
  const report = settingsReport(env, checkSettings(env, configPath, secretsPath));
  return { code: report.code, output: [...report.stdout, ...report.stderr].join("\n") };
}

/** `node --import tsx scripts/check-settings.ts …`, as `npm run check:production` starts it. */
async function runScript(env: string, configPath: string, secretsPath: string): Promise<{ code: number; output: string }> {
  const args = ["--import", "tsx", "scripts/check-settings.ts", "--env", env, "--config", configPath, "--secrets", secretsPath];
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe.concurrent("npm run check:production", { timeout: 120_000 }, () => {
  it("passes filled-in settings with good secrets, for production and staging (the script, exit 0)", async () => {
    const path = config();
    const envs = ["production", "staging"];
    const results = await Promise.all(envs.map((env) => runScript(env, path, secrets(GOOD_SECRETS))));
    envs.forEach((env, i) => {
      expect(results[i]!.output).toContain(`The ${env} settings are ready to deploy.`);
      expect(results[i]!.code).toBe(0);
    });
  });

  it("refuses production without the VAPID pair, with half of it, or with two keys that are not one pair (issue 36)", async () => {
    const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, ...without } = GOOD_SECRETS;
    const other = "BFSnuE6YYV45aqWxM4QtH1YNNS4-a-vA73r48i75DzMMPcSjTPSTkQfCefj71hoE5v1Ur8WadcngRpinBekp9h0";
    const [none, half, mismatched] = await Promise.all([
      run("production", config(), secrets(without)),
      run("production", config(), secrets({ ...without, VAPID_PUBLIC_KEY })),
      run("production", config(), secrets({ ...without, VAPID_PUBLIC_KEY: other, VAPID_PRIVATE_KEY })),
    ]);
    expect(none.code).toBe(1);
    expect(none.output).toContain("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set");
    expect(half.output).toContain("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together");
    expect(mismatched.code).toBe(1);
    expect(mismatched.output).toContain("VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY");
    expect(mismatched.output).not.toContain(VAPID_PRIVATE_KEY);
  });

  it("refuses production with OpenStreetMap's public tiles, an unnamed controller or a short password without Access; staging is warned (issue 47)", async () => {
    const osm = config((toml) => toml.replace(/(\[env\.production\.vars\][^[]*?)MAP_TILE_URL = "off"/s, '$1MAP_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"'));
    const unnamed = config((toml) => toml.replace('OPERATOR_NAME = "Quantum Bell Trust"', 'OPERATOR_NAME = ""'));
    const access = { CF_ACCESS_TEAM_DOMAIN: "bell.cloudflareaccess.com", CF_ACCESS_AUD: "4714c1358e65fe4b408ad6d432a5f878f08194bdb4752441fd56faefa9b2b6f2" };
    const [tiles, controller, short, shortBehindAccess, staging, clean] = await Promise.all([
      run("production", osm, secrets(GOOD_SECRETS)),
      run("production", unnamed, secrets(GOOD_SECRETS)),
      run("production", config(), secrets({ ...GOOD_SECRETS, ADMIN_PASSWORD: "hunter22" })),
      run("production", config(), secrets({ ...GOOD_SECRETS, ...access, ADMIN_PASSWORD: "hunter22" })),
      run("staging", config(), secrets({ ...GOOD_SECRETS, ADMIN_PASSWORD: "hunter22" })),
      run("production", config(), secrets(GOOD_SECRETS)),
    ]);
    expect(tiles.code).toBe(1);
    expect(tiles.output).toMatch(/^- MAP_TILE_URL is https:\/\/tile\.openstreetmap\.org\/\{z\}\/\{x\}\/\{y\}\.png: production would load OpenStreetMap's public tiles/m);
    expect(controller.code).toBe(1);
    expect(controller.output).toMatch(/^- OPERATOR_NAME is not set: \/privacy cannot name the data controller\.$/m);
    expect(short.code).toBe(1);
    expect(short.output).toMatch(/^- \/admin is protected only by an ADMIN_PASSWORD of 8 characters/m);
    expect(short.output).not.toContain("hunter22");
    expect(shortBehindAccess.code).toBe(0);
    expect(staging.code).toBe(0);
    expect(staging.output).toMatch(/warning: \/admin is protected only by an ADMIN_PASSWORD of 8 characters/);
    expect(clean.code).toBe(0);
    expect(clean.output).not.toMatch(/warning:/);
  });

  it("warns, without refusing, when no donation page is set", async () => {
    const none = config((toml) => toml.replace('DONATE_PAYPAL_URL = "https://www.paypal.com/paypalme/quantumpeacetrust"', 'DONATE_PAYPAL_URL = ""'));
    const result = await run("production", none, secrets(GOOD_SECRETS));
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/warning: No donation page is set \(DONATE_PAYPAL_URL, .*\): the donation dialog and \/gift show no way to give\./);
  });

  it("passes the secrets README's deploy snippet makes, as written, with the placeholders README names filled in", async () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const deploy = readme.slice(readme.indexOf("## Deploy to Cloudflare"));
    const snippet = /```sh\n([\s\S]*?)```/.exec(deploy)![1]!;
    const lines = snippet.split("\n");
    const start = lines.findIndex((line) => line.startsWith("cat > .production.vars <<EOF"));
    const end = lines.indexOf("EOF", start);
    expect(start, "the snippet writes .production.vars").toBeGreaterThanOrEqual(0);
    expect(snippet).toContain("npx wrangler secret bulk .production.vars --env production");
    expect(snippet).toContain("npm run check:production");
    for (const placeholder of ["quantum-bell.example", "database_id", "OPERATOR_NAME", "OPERATOR_CONTACT"]) expect(deploy).toContain(placeholder);
    const target = join(work, `snippet-${Math.random().toString(36).slice(2)}.vars`);
    const script = lines.slice(start, end + 1).join("\n").replace("cat > .production.vars", `cat > '${target}'`);
    await promisify(execFile)("bash", ["-c", script], { cwd: root });
    const result = await run("production", config(), target);
    expect(result.output).toContain("The production settings are ready to deploy.");
    expect(result.code).toBe(0);
  });

  it("refuses the committed wrangler.toml: its placeholders are not a deployment", async () => {
    const result = await run("production", join(root, "wrangler.toml"), secrets(GOOD_SECRETS));
    expect(result.code).toBe(1);
    expect(result.output).toContain("SITE_URL is still the placeholder host from wrangler.toml: set your domain.");
    expect(result.output).toContain("The D1 database_id is the placeholder");
    expect(result.output).toContain("A route is still the placeholder host from wrangler.toml: set your domain.");
  });

  it("gives one sentence per problem, never a secret's value, and exits 1 (the script)", async () => {
    const path = config((toml) =>
      toml
        .replace('SITE_URL = "https://bell.quantum-peace.org"', 'SITE_URL = "http://localhost:5002"')
        .replace(/(\[env\.production\.vars\][^[]*?)QUANTUM_PROVIDER = "simulator"/s, '$1QUANTUM_PROVIDER = "ibm"'),
    );
    const result = await runScript(
      "production",
      path,
      secrets({
        HASH_SECRET: "local-development-hash-secret-change-me-in-production",
        ADMIN_PASSWORD: "pw-long-enough-to-pass",
        IBM_API_KEY: "key-value-9",
        VAPID_PUBLIC_KEY: GOOD_SECRETS.VAPID_PUBLIC_KEY,
        VAPID_PRIVATE_KEY: GOOD_SECRETS.VAPID_PRIVATE_KEY,
      }),
    );
    expect(result.code).toBe(1);
    const sentences = result.output.split("\n").filter((line) => line.startsWith("- "));
    expect(sentences).toEqual([
      "- SITE_URL must start with https:// in a deployed environment.",
      "- HASH_SECRET is the example value from .dev.vars.example: set a new random one.",
      "- SESSION_SECRET is not set: it signs the admin's session cookie.",
      '- QUANTUM_PROVIDER is "ibm" but IBM_INSTANCE_CRN is not set.',
    ]);
    expect(result.output).not.toContain("local-development-hash-secret");
    expect(result.output).not.toContain("key-value-9");
  });

  it("names a localhost origin over https, and a malformed CRN", async () => {
    const path = config((toml) =>
      toml
        .replace('SITE_URL = "https://bell.quantum-peace.org"', 'SITE_URL = "https://localhost"')
        .replace(/(\[env\.production\.vars\][^[]*?)QUANTUM_PROVIDER = "simulator"/s, '$1QUANTUM_PROVIDER = " IBM "'),
    );
    const result = await run("production", path, secrets({ ...GOOD_SECRETS, IBM_API_KEY: "k", IBM_INSTANCE_CRN: "not-a-crn" }));
    expect(result.code).toBe(1);
    expect(result.output).toContain("- SITE_URL points at this computer (localhost): set the site's public origin.");
    expect(result.output).toContain("- IBM_INSTANCE_CRN is not an instance CRN (crn:v1:…:region:a/…).");
  });

  it("asks for the secrets file when there is none, and for a known environment", async () => {
    const [missing, unknown] = await Promise.all([run("production", config(), join(work, "nope.vars")), run("prod", config(), secrets(GOOD_SECRETS))]);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain("nope.vars is missing");
    expect(missing.output).toContain("- HASH_SECRET is not set");
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('--env must be "staging" or "production", not "prod".');
  });
});

describe.concurrent("npm run deploy -- --env production", { timeout: 120_000 }, () => {
  it("stops at the settings check, before building or touching D1, with a sentence naming the step", async () => {
    const args = ["scripts/deploy.mjs", "--env", "production", "--secrets", join(work, "none.vars")];
    const result = await promisify(execFile)(process.execPath, args, { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: "false" } }).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain("== production: check the settings ==");
    expect(result.output).toContain("Deploy to production stopped: could not check the settings (exit 1). Nothing after this step ran.");
    expect(result.output).not.toContain("== production: build ==");
  });

  it("asks for an environment", async () => {
    const result = await promisify(execFile)(process.execPath, ["scripts/deploy.mjs"], { cwd: root }).catch((error: { code: number; stderr: string }) => error);
    expect((result as { code: number }).code).toBe(1);
    expect((result as { stderr: string }).stderr).toContain("Choose an environment: npm run deploy -- --env production (or --env staging).");
  });
});
