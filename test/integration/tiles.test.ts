import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { builtWorker as worker } from "../support/build";

// The tile service is the operator's setting (MAP_TILE_URL): the page's CSP img-src and the map's data follow it.

async function page(path: string, vars: Record<string, string>) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`http://localhost${path}`, { headers: { "CF-Connecting-IP": "10.9.9.9" } }) as Request<unknown, IncomingRequestCfProperties>, { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return { csp: response.headers.get("Content-Security-Policy") ?? "", html: await response.text() };
}

const imgSrc = (csp: string) => /img-src ([^;]*)/.exec(csp)?.[1];

describe("the map's tile service", () => {
  it("defaults to OpenStreetMap's public tiles", async () => {
    const { csp, html } = await page("/entanglement", {});
    expect(imgSrc(csp)).toBe("'self' data: https://tile.openstreetmap.org");
    expect(html).toContain("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
  });

  it("follows MAP_TILE_URL in the CSP and in what the page hands the map", async () => {
    const { csp, html } = await page("/entanglement", { MAP_TILE_URL: "https://tiles.example.org/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: "© Example Maps" });
    expect(imgSrc(csp)).toBe("'self' data: https://tiles.example.org");
    expect(html).toContain("https://tiles.example.org/{z}/{x}/{y}.png");
    expect(html).not.toContain("tile.openstreetmap.org");
  });

  it("with MAP_TILE_URL=off, no tile host is allowed or named", async () => {
    const { csp, html } = await page("/entanglement", { MAP_TILE_URL: "off" });
    expect(imgSrc(csp)).toBe("'self' data:");
    expect(html).not.toContain("tile.openstreetmap.org");
  });
});
