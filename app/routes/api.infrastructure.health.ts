import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { checkHealth } from "~/server/health.server";
import { ok } from "~/server/http.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const report = await checkHealth(context.cloudflare.env);
  return ok({ ...report }, { headers: { "Cache-Control": "no-store" } });
}
