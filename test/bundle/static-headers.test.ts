import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { staticAssetHeaders } from "../../app/server/edge/security-headers.server";

// Static assets are served without the Worker: the build's _headers file gives them the Worker's security headers.
describe("the static assets' _headers file", () => {
  it("gives every static path the security headers the Worker's answers carry", () => {
    const file = readFileSync(join(import.meta.dirname, "..", "..", "build", "client", "_headers"), "utf8");
    const [rule, ...lines] = file.trim().split("\n");
    expect(rule).toBe("/*");
    const headers = Object.fromEntries(lines.map((line) => line.trim().split(/:\s(.*)/s).slice(0, 2)));
    expect(headers).toEqual(staticAssetHeaders());
    expect(headers["Content-Security-Policy"]).toContain("script-src 'none'");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
  });
});
