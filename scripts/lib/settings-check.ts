// The settings check behind `npm run check:production` / `check:staging` (scripts/check-settings.ts): the chosen
// environment's settings and the secrets the operator lists, checked offline before a deploy with the schema the
// Worker parses them with (ADR 0052), and the report the operator reads: one sentence per problem (ADR 0045).
import { createECDH } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { unstable_readConfig } from "wrangler";
import { deployedEnvironment, deploymentProblems, VAPID_PRIVATE_KEY_PATTERN, VAPID_PUBLIC_KEY_PATTERN } from "../../app/domain/settings";
import { parseSettings } from "../../app/server/edge/settings.server";
import { adminProtectionWarnings } from "../../app/domain/admin";
import { privacySettingsWarnings } from "./tile-check.mjs";
import { donationWarnings } from "../../app/domain/donations";

function routePattern(route: unknown): string {
  if (typeof route === "string") return route;
  return (route as { pattern: string }).pattern;
}

/** Two well-formed VAPID keys that are not one pair would sign pushes no push service accepts (docs/product.md#the-loop-back). */
function vapidPairProblem(publicKey: string | undefined, privateKey: string | undefined): string | null {
  if (!publicKey || !privateKey || !VAPID_PUBLIC_KEY_PATTERN.test(publicKey.trim()) || !VAPID_PRIVATE_KEY_PATTERN.test(privateKey.trim())) return null;
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(privateKey.trim(), "base64url"));
    if (ecdh.getPublicKey().toString("base64url") === publicKey.trim()) return null;
  } catch {
    // An out-of-range scalar is no private key at all.
  }
  return "VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY: generate the pair together.";
}

/** What blocks the deploy, and what the operator should know (the /admin protection, the tile service, the controller). */
export function checkSettings(environment: string | undefined, configPath: string, secretsPath: string): { problems: string[]; warnings: string[] } {
  const name = deployedEnvironment(environment);
  if (!name) return { problems: [`--env must be "staging" or "production", not "${environment ?? ""}".`], warnings: [] };
  const config = unstable_readConfig({ config: configPath, env: name }, { hideWarnings: true });
  const problems: string[] = [];
  const listed = existsSync(secretsPath);
  if (!listed) {
    problems.push(`${secretsPath} is missing: list the environment's secrets there (KEY="value", one a line), as for \`wrangler secret bulk\`.`);
  }
  const secrets = listed ? (parseEnv(readFileSync(secretsPath, "utf8")) as Record<string, string>) : {};
  const vars = Object.fromEntries(Object.entries(config.vars ?? {}).map(([key, value]) => [key, String(value)]));
  if (deployedEnvironment(vars.DEPLOY_ENV) !== name) problems.push(`DEPLOY_ENV must be "${name}" in [env.${name}.vars].`);
  const inBoth = Object.keys(secrets).filter((key) => key in vars);
  if (inBoth.length > 0) problems.push(`${inBoth.join(", ")} set both as a variable and as a secret: keep one.`);
  if (!config.observability?.enabled) problems.push(`Observability is off: set [env.${name}.observability] enabled = true.`);
  if (!config.keep_vars) problems.push("keep_vars is not true: a variable set in the dashboard would be deleted by the deploy.");
  if (!(config.triggers?.crons ?? []).length) problems.push(`No cron trigger: rings and mail would never be retried.`);
  problems.push(
    ...deploymentProblems({
      databaseIds: (config.d1_databases as { binding: string; database_id?: string }[]).filter((db) => db.binding === "DB").map((db) => db.database_id ?? ""),
      routes: (config.routes ?? []).map(routePattern),
    }),
    // The Worker's own schema: the rules it applies at run time are the rules checked here.
    ...parseSettings({ ...vars, ...secrets }, { deployed: true }).problems,
  );
  const all = { ...vars, ...secrets };
  const vapid = vapidPairProblem(all.VAPID_PUBLIC_KEY, all.VAPID_PRIVATE_KEY);
  if (vapid) problems.push(vapid);
  // /admin behind Cloudflare Access or a long password (docs/operations.md#signing-in-to-admin); the tile service and the
  // controller the privacy pages name (docs/product.md#privacy): production refuses to go without them (ADR 0113),
  // staging is told.
  const admin = adminProtectionWarnings({ accessTeamDomain: all.CF_ACCESS_TEAM_DOMAIN, accessAud: all.CF_ACCESS_AUD, adminPassword: all.ADMIN_PASSWORD });
  const guarded = [...admin, ...privacySettingsWarnings(all)];
  if (name === "production") problems.push(...guarded);
  return { problems, warnings: [...(name === "production" ? [] : guarded), ...donationWarnings(all)] };
}

/** What the operator reads, on which stream, and the exit code: warnings never stop a deploy, one problem does. */
export function settingsReport(environment: string | undefined, { problems, warnings }: { problems: string[]; warnings: string[] }): { code: number; stdout: string[]; stderr: string[] } {
  const stderr: string[] = [];
  if (warnings.length > 0) stderr.push(`Warnings for ${environment} (the deploy may go ahead):`, ...warnings.map((warning) => `* warning: ${warning}`));
  if (problems.length > 0) {
    stderr.push(`The ${environment ?? "chosen"} settings are not ready to deploy:`, ...problems.map((problem) => `- ${problem}`));
    return { code: 1, stdout: [], stderr };
  }
  return { code: 0, stdout: [`The ${environment} settings are ready to deploy.`], stderr };
}
