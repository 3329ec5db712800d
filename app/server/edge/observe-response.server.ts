import { API_PREFIX } from "~/domain/contract/endpoint";
import { recordMetric } from "./metrics.server";
import { ReportBudget } from "~/domain/report-budget";
import { countError } from "./operations.server";

/** D1 writes a minute per isolate and code for answered errors; the rest are added to the next write (ADR 0099). */
export const ERROR_COUNT_WRITES_PER_CODE_PER_MINUTE = 20;
const countBudget = new ReportBudget(ERROR_COUNT_WRITES_PER_CODE_PER_MINUTE, 60_000);

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
      const now = Date.now();
      const turn = countBudget.take(code, now);
      if (turn.report) await countError(env, code, now, 1 + turn.held).catch(() => undefined);
    })(),
  );
}
