import { API_PREFIX } from "~/domain/contract/endpoint";
import { recordMetric } from "./metrics.server";
import { countError } from "./operations.server";

/**
 * Counts each JSON error the API answers under its machine `code` (for /admin/operations, ADR 0047) and as a product
 * metric, after the answer has gone. Only `/api/` answers are JSON errors with a code; pages are not counted.
 */
export function observeResponse(env: Env, ctx: Pick<ExecutionContext, "waitUntil">, request: Request, url: URL, response: Response): void {
  if (response.status < 400 || !url.pathname.startsWith(API_PREFIX)) return;
  if (!response.headers.get("Content-Type")?.includes("application/json")) return;
  const copy = response.clone();
  ctx.waitUntil(
    (async () => {
      const body = (await copy.json().catch(() => null)) as { code?: unknown } | null;
      const code = typeof body?.code === "string" ? body.code : `http_${response.status}`;
      recordMetric(env, "api_error", { code, country: request.cf?.country as string | undefined, language: request.headers.get("Accept-Language")?.slice(0, 2) });
      await countError(env, code, Date.now()).catch(() => undefined);
    })(),
  );
}
