import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { rollbackAdvice, waitForHealthy } from "../../scripts/lib/deploy-health.mjs";

// `npm run deploy:*` ends by reading the new version's /healthz (issue 47, ADR 0113): here against a local site over HTTP.
let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A site whose /healthz answers each status of `answers` in turn, then the last one for good. */
function site(answers: number[]): Promise<string> {
  let asked = 0;
  server = createServer((request, response) => {
    const status = answers[Math.min(asked++, answers.length - 1)]!;
    response.writeHead(request.url === "/healthz" ? status : 404, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ healthy: status === 200, problems: status === 200 ? [] : ["The cron has not run in the last 5 minutes."] }));
  });
  return new Promise((resolve) => server!.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server!.address() as { port: number }).port}`)));
}

describe("the deploy's health check", () => {
  it("waits through a 503 for the 200 of a version still starting", async () => {
    expect(await waitForHealthy(await site([503, 503, 200]), { waitMs: 5_000, pollMs: 10 })).toEqual({ healthy: true, status: 200, problems: [] });
  });

  it("gives up with /healthz's problems when it stays unhealthy, and says how to roll back", async () => {
    const result = await waitForHealthy(await site([503]), { waitMs: 100, pollMs: 10 });
    expect(result).toEqual({ healthy: false, status: 503, problems: ["The cron has not run in the last 5 minutes."] });
    expect(rollbackAdvice("production")[0]).toBe("Roll back the code: npx wrangler rollback --env production (the versions: npx wrangler deployments list --env production).");
  });

  it("names a site it cannot reach", async () => {
    const result = await waitForHealthy("http://127.0.0.1:9", { waitMs: 0, pollMs: 10 });
    expect(result.healthy).toBe(false);
    expect(result.status).toBeNull();
    expect(result.problems[0]).toMatch(/^\/healthz could not be reached/);
  });
});
