/**
 * What a deployment is made of besides its settings (those are parsed by app/server/edge/settings.server.ts): the
 * environments, the example secrets, the placeholders `wrangler.toml` ships with.
 */

/** The values `.dev.vars.example` ships with: fine on a laptop, an open door in production. */
export const EXAMPLE_SECRETS = {
  HASH_SECRET: "local-development-hash-secret-change-me-in-production",
  SESSION_SECRET: "local-development-session-secret-change-me",
  ADMIN_PASSWORD: "quantum-bell-local-admin",
} as const;

/** The environments `wrangler.toml` declares; anything else (no DEPLOY_ENV) is a local run. */
export const DEPLOYED_ENVIRONMENTS = ["staging", "production"] as const;
export type DeployedEnvironment = (typeof DEPLOYED_ENVIRONMENTS)[number];

export function deployedEnvironment(value: string | undefined): DeployedEnvironment | null {
  const name = value?.trim().toLowerCase();
  return DEPLOYED_ENVIRONMENTS.find((known) => known === name) ?? null;
}

/** Hosts reserved for documentation (RFC 2606): the placeholders `wrangler.toml` ships with. */
export const PLACEHOLDER_HOST = /(^|\.)(example|example\.(com|net|org)|invalid|test)$/i;

/** VAPID keys as web-push tools print them: the uncompressed P-256 public point and the private scalar, base64url. */
export const VAPID_PUBLIC_KEY_PATTERN = /^B[A-Za-z0-9_-]{86}$/;
export const VAPID_PRIVATE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Problems of the deployment itself that only the wrangler configuration shows (placeholders left in). */
export function deploymentProblems(config: { databaseIds: string[]; routes: string[] }): string[] {
  const problems: string[] = [];
  if (config.databaseIds.length === 0) problems.push("No D1 database is bound as DB for this environment.");
  if (config.databaseIds.some((id) => /^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(id))) {
    problems.push("The D1 database_id is the placeholder: run `wrangler d1 create` and put the printed id in wrangler.toml.");
  }
  if (config.routes.length === 0) problems.push("No route or custom domain is set for this environment.");
  if (config.routes.some((route) => PLACEHOLDER_HOST.test(route.split("/")[0].replace(/\*/g, "").replace(/^\./, "")))) {
    problems.push("A route is still the placeholder host from wrangler.toml: set your domain.");
  }
  return problems;
}
