import { deployedEnvironment, settingsProblems, type DeployedEnvironment } from "~/domain/settings";

/**
 * The operations settings (docs/operations.md#watching-it-run), read here and nowhere else, so that one parsed settings
 * object can absorb them whole. Existing settings are still read where they were.
 */
interface OperationsEnv {
  DEPLOY_ENV?: string;
  SENTRY_DSN?: string;
  /** Workers Analytics Engine; declared for staging and production only, so a local run writes nothing. */
  METRICS?: AnalyticsEngineDataset;
  /** The Worker's version (Cloudflare's version metadata binding), named in error reports when bound. */
  CF_VERSION_METADATA?: WorkerVersionMetadata;
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
