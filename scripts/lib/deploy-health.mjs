// After `npm run deploy:*` (scripts/deploy.mjs): the new version's /healthz, read until it answers 200 or time runs out.
// A Worker version reaches every data centre within seconds, and the cron's first run within a minute; so the check
// waits up to three minutes before it calls a deploy unhealthy (ADR 0113).

export const HEALTH_WAIT_MS = 3 * 60_000;
export const HEALTH_POLL_MS = 5_000;

/**
 * Resolves { healthy: true } on the first 200, else { healthy: false, status, problems } as /healthz last answered
 * (status null: it could not be reached).
 * @param {string} origin
 * @param {{ waitMs?: number, pollMs?: number, fetcher?: typeof fetch }} [options]
 */
export async function waitForHealthy(origin, { waitMs = HEALTH_WAIT_MS, pollMs = HEALTH_POLL_MS, fetcher = fetch } = {}) {
  const deadline = Date.now() + waitMs;
  let last = { healthy: false, status: null, problems: [] };
  for (;;) {
    try {
      const response = await fetcher(`${origin}/healthz`, { headers: { "Cache-Control": "no-cache" }, signal: AbortSignal.timeout(10_000) });
      const body = await response.json().catch(() => ({}));
      if (response.status === 200) return { healthy: true, status: 200, problems: [] };
      last = { healthy: false, status: response.status, problems: Array.isArray(body.problems) ? body.problems : [] };
    } catch (error) {
      last = { healthy: false, status: null, problems: [`/healthz could not be reached: ${error.message}`] };
    }
    if (Date.now() + pollMs > deadline) return last;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** What the operator reads to undo a deploy, and what a rollback cannot undo (docs/operations.md#rollback). */
export function rollbackAdvice(env) {
  return [
    `Roll back the code: npx wrangler rollback --env ${env} (the versions: npx wrangler deployments list --env ${env}).`,
    "A rollback changes the code only: D1's schema and rows, secrets and Durable Object storage stay as they are (docs/operations.md#rollback).",
  ];
}
