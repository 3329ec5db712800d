import { deployedEnvironment, settingsProblems, VAPID_PRIVATE_KEY_PATTERN, VAPID_PUBLIC_KEY_PATTERN, type DeployedEnvironment } from "~/domain/settings";

/**
 * The settings issue 33 added, read here and nowhere else, so the one parsed settings object to come (issue 33, part 1)
 * can absorb them whole. Existing settings are still read where they were.
 */
interface OperationsEnv {
  DEPLOY_ENV?: string;
  SENTRY_DSN?: string;
  /** Workers Analytics Engine; declared for staging and production only, so a local run writes nothing. */
  METRICS?: AnalyticsEngineDataset;
  /** The Worker's version (Cloudflare's version metadata binding), named in error reports when bound. */
  CF_VERSION_METADATA?: WorkerVersionMetadata;
  /** Web Push (issue 36, ADR 0059): the VAPID key pair as base64url (the public key's 65 bytes, the private scalar). */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** The e-mail address push services may write to about our pushes (the VAPID JWT's mailto: contact). */
  VAPID_SUBJECT?: string;
  /** Push services to send to besides the browsers' own (comma-separated hosts: a private service, the test lane's). */
  PUSH_SERVICE_HOSTS?: string;
}

const operations = (env: Env) => env as unknown as OperationsEnv & Record<string, unknown>;

/** "production", "staging", or null on a laptop and in tests. */
export function deployEnvironment(env: Env): DeployedEnvironment | null {
  return deployedEnvironment(operations(env).DEPLOY_ENV);
}

/** Where errors go besides the log; null means nowhere. */
export function sentryDsn(env: Env): string | null {
  return operations(env).SENTRY_DSN?.trim() || null;
}

export function metricsDataset(env: Env): AnalyticsEngineDataset | null {
  const dataset = operations(env).METRICS;
  return dataset && typeof dataset.writeDataPoint === "function" ? dataset : null;
}

export function workerVersion(env: Env): string | undefined {
  return operations(env).CF_VERSION_METADATA?.id;
}

/** Each problem with this Worker's settings, one sentence each, naming settings and never their values. */
export function runtimeSettingsProblems(env: Env): string[] {
  const values = Object.fromEntries(Object.entries(operations(env)).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  return settingsProblems(values, deployEnvironment(env) !== null);
}

export interface PushSettings {
  publicKey: string;
  privateJwk: JsonWebKey;
  /** An e-mail address, without "mailto:" (the library adds it). */
  subject: string;
  extraHosts: string[];
}

/** Web Push's settings, or null when the operator has not set the VAPID pair (the site then offers no push). */
export function pushSettings(env: Env): PushSettings | null {
  const values = operations(env);
  const publicKey = values.VAPID_PUBLIC_KEY?.trim();
  const d = values.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !d || !VAPID_PUBLIC_KEY_PATTERN.test(publicKey) || !VAPID_PRIVATE_KEY_PATTERN.test(d)) return null;
  const point = Uint8Array.from(atob(publicKey.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const coordinate = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const site = env.SITE_URL.replace(/\/+$/, "");
  const mailFrom = typeof values.MAIL_FROM === "string" ? values.MAIL_FROM.trim() : "";
  const subject = values.VAPID_SUBJECT?.trim().replace(/^mailto:/i, "") || mailFrom || `no-reply@${new URL(site).hostname}`;
  return {
    publicKey,
    privateJwk: { kty: "EC", crv: "P-256", x: coordinate(point.slice(1, 33)), y: coordinate(point.slice(33, 65)), d },
    subject,
    extraHosts: (values.PUSH_SERVICE_HOSTS ?? "").split(",").map((host) => host.trim()).filter(Boolean),
  };
}
