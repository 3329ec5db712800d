import { configurationProblem } from "./quantum-config";

/**
 * What a deployed site needs configured, checked offline before a deploy (`npm run check:production`) and at run time
 * for /admin, /healthz and the log. Each problem is one sentence naming the setting, never its value.
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

export type SettingValues = Record<string, string | undefined>;

const MIN_SECRET_LENGTH = 32;
const LOCAL_HOSTS = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i;
/** Hosts reserved for documentation (RFC 2606): the placeholders `wrangler.toml` ships with. */
const PLACEHOLDER_HOST = /(^|\.)(example|example\.(com|net|org)|invalid|test)$/i;
const SENTRY_DSN = /^https?:\/\/[^@/\s]+@[^/\s]+\/.*\d+$/;

const blank = (value: string | undefined) => !value?.trim();

/** VAPID keys as web-push tools print them: the uncompressed P-256 public point and the private scalar, base64url. */
export const VAPID_PUBLIC_KEY_PATTERN = /^B[A-Za-z0-9_-]{86}$/;
export const VAPID_PRIVATE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function vapidProblems(values: SettingValues, deployed: boolean): string[] {
  const problems: string[] = [];
  const [publicKey, privateKey] = [values.VAPID_PUBLIC_KEY?.trim(), values.VAPID_PRIVATE_KEY?.trim()];
  if (!publicKey && !privateKey) {
    if (deployed) problems.push("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: visitors cannot be told by Web Push when their wish rings (`node scripts/vapid-keys.mjs` makes a pair).");
    return problems;
  }
  if (!publicKey || !privateKey) return ["VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither."];
  if (!VAPID_PUBLIC_KEY_PATTERN.test(publicKey)) problems.push("VAPID_PUBLIC_KEY is not an uncompressed P-256 public key in base64url (87 characters starting with B).");
  if (!VAPID_PRIVATE_KEY_PATTERN.test(privateKey)) problems.push("VAPID_PRIVATE_KEY is not a P-256 private key in base64url (43 characters).");
  const subject = values.VAPID_SUBJECT?.trim();
  if (subject && !/^(mailto:)?[^\s@:]+@[^\s@]+\.[^\s@]+$/i.test(subject)) problems.push("VAPID_SUBJECT must be an e-mail address push services can write to.");
  return problems;
}

function siteUrlProblem(value: string | undefined): string | null {
  if (blank(value)) return "SITE_URL is not set: it must be the site's public https origin.";
  let url: URL;
  try {
    url = new URL(value!.trim());
  } catch {
    return "SITE_URL is not a URL: it must be the site's public https origin, e.g. https://bell.example.org.";
  }
  if (url.protocol !== "https:") return "SITE_URL must start with https:// in a deployed environment.";
  if (LOCAL_HOSTS.test(url.hostname)) return "SITE_URL points at this computer (localhost): set the site's public origin.";
  if (PLACEHOLDER_HOST.test(url.hostname)) return "SITE_URL is still the placeholder host from wrangler.toml: set your domain.";
  if (url.pathname !== "/" || url.search || url.hash) return "SITE_URL must be an origin only, without a path, query or fragment.";
  return null;
}

function secretProblem(name: keyof typeof EXAMPLE_SECRETS, value: string | undefined, purpose: string): string | null {
  if (blank(value)) return `${name} is not set: ${purpose}.`;
  if (value === EXAMPLE_SECRETS[name]) return `${name} is the example value from .dev.vars.example: set a new random one.`;
  if (name !== "ADMIN_PASSWORD" && value!.length < MIN_SECRET_LENGTH) return `${name} is shorter than ${MIN_SECRET_LENGTH} characters.`;
  return null;
}

/**
 * Every problem with the settings of a deployed environment (its [vars] and secrets together). A local run is held
 * to less: only what breaks a feature wherever it runs (the quantum provider, the Sentry DSN's shape).
 */
export function settingsProblems(values: SettingValues, deployed: boolean): string[] {
  const problems: (string | null)[] = [];
  if (deployed) {
    problems.push(
      siteUrlProblem(values.SITE_URL),
      secretProblem("HASH_SECRET", values.HASH_SECRET, "it keys every hash of a device or a network"),
      secretProblem("SESSION_SECRET", values.SESSION_SECRET, "it signs the admin's session cookie"),
    );
    // With Cloudflare Access in front of /admin the password is optional (docs/operations.md), never the example.
    const accessOnly = blank(values.ADMIN_PASSWORD) && !blank(values.CF_ACCESS_AUD);
    if (!accessOnly) problems.push(secretProblem("ADMIN_PASSWORD", values.ADMIN_PASSWORD, "nobody can sign in to /admin"));
  }
  problems.push(configurationProblem(values));
  if (!blank(values.SENTRY_DSN) && !SENTRY_DSN.test(values.SENTRY_DSN!.trim())) {
    problems.push("SENTRY_DSN is not a Sentry DSN (https://key@host/project-id).");
  }
  problems.push(...vapidProblems(values, deployed));
  if (blank(values.CF_ACCESS_AUD) !== blank(values.CF_ACCESS_TEAM_DOMAIN)) {
    problems.push("CF_ACCESS_TEAM_DOMAIN and CF_ACCESS_AUD go together: set both or neither.");
  }
  return problems.filter((problem): problem is string => problem !== null);
}

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
