import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { builtWorker as worker } from "./build";

/** A page's HTML as the built Worker serves it with `vars` over the test settings, once its background work is done; must be a 200. */
export async function servedPage(path: string, vars: Record<string, string> = {}): Promise<string> {
  const ctx = createExecutionContext();
  const request = new Request(`http://localhost${path}`, { headers: { "CF-Connecting-IP": "10.8.8.8" } }) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  expect(response.status, path).toBe(200);
  return response.text();
}
