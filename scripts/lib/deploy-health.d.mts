export const HEALTH_WAIT_MS: number;
export const HEALTH_POLL_MS: number;
export function waitForHealthy(
  origin: string,
  options?: { waitMs?: number; pollMs?: number; fetcher?: typeof fetch },
): Promise<{ healthy: boolean; status: number | null; problems: string[] }>;
export function rollbackAdvice(env: string): string[];
