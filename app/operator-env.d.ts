// Optional bindings, declared here because `wrangler types` sees only the top-level configuration: merged into the
// generated Env (worker-configuration.d.ts). Settings ([vars] and secrets) are not read from Env: they come parsed
// from app/server/edge/settings.server.ts.
declare namespace Cloudflare {
  interface Env {
    /** Workers Analytics Engine; declared for staging and production only, so a local run writes nothing. */
    METRICS?: AnalyticsEngineDataset;
    /** Cloudflare's version metadata binding, when bound: the Worker's version named in error reports. */
    CF_VERSION_METADATA?: WorkerVersionMetadata;
    /** Cloudflare Email Service's send_email binding, when bound; else the HTTP mail API, else the outbox alone. */
    SEND_EMAIL?: SendEmail;
  }
}
