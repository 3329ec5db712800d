/** What the page makes of GET /api/infrastructure/health (docs/product.md#sentences). */
export type HealthVerdict = "ok" | "unreachable" | "unhealthy";

/**
 * A network failure or a non-OK answer is "unreachable"; an OK answer with any service not connected (docs/api.md#calls:
 * database, cache, redis) is "unhealthy".
 */
export function healthVerdict(status: number | null, body: unknown): HealthVerdict {
  if (status === null || status < 200 || status >= 300) return "unreachable";
  if (typeof body !== "object" || body === null) return "unreachable";
  const services = Object.values(body as Record<string, unknown>).filter(
    (value): value is { connected: unknown } => typeof value === "object" && value !== null && "connected" in value,
  );
  return services.some((service) => service.connected !== true) ? "unhealthy" : "ok";
}
