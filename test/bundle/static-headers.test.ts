import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../app/domain/locale";
import { staticAssetHeaders } from "../../app/server/edge/security-headers.server";

const client = join(import.meta.dirname, "..", "..", "build", "client");

/** The build's _headers file: each rule's path and the headers it names. */
function rules(): Map<string, Record<string, string>> {
  const file = readFileSync(join(client, "_headers"), "utf8");
  const parsed = new Map<string, Record<string, string>>();
  let current: Record<string, string> | undefined;
  for (const line of file.split("\n")) {
    if (!line.trim()) continue;
    if (!line.startsWith(" ")) parsed.set(line, (current = {}));
    else if (current) {
      const [name, value] = line.trim().split(/:\s(.*)/s);
      current[name!] = value!;
    }
  }
  return parsed;
}

// Static assets are served without the Worker: the build's _headers file gives them the Worker's security headers.
describe("the static assets' _headers file", () => {
  it("gives every static path the security headers the Worker's answers carry", () => {
    const headers = rules().get("/*");
    expect(headers).toEqual(staticAssetHeaders());
    expect(headers!["Content-Security-Policy"]).toContain("script-src 'none'");
    expect(headers!["X-Content-Type-Options"]).toBe("nosniff");
  });

  it("keeps /assets/ for a year, and every file there is named by its content (ADR 0074)", () => {
    expect([...rules().keys()]).toEqual(["/*", "/assets/*"]);
    expect(rules().get("/assets/*")).toEqual({ "Cache-Control": "public, max-age=31536000, immutable" });
    // Immutable is only true of a file whose name changes with its content: Vite's hash, or the catalogues' own.
    for (const file of readdirSync(join(client, "assets"))) expect(file).toMatch(/-[A-Za-z0-9_-]{8,12}\.[a-z0-9]+$/);
  });
});

describe("the catalogue files (ADR 0074)", () => {
  it("one per language, named by the SHA-256 of its content", () => {
    const files = readdirSync(join(client, "assets")).filter((file) => file.startsWith("catalogue-"));
    expect(files.map((file) => file.split("-")[1]).sort()).toEqual([...LOCALES].sort());
    for (const file of files) {
      const content = readFileSync(join(client, "assets", file));
      expect(file).toBe(`catalogue-${file.split("-")[1]}-${createHash("sha256").update(content).digest("hex").slice(0, 12)}.json`);
      expect(typeof JSON.parse(content.toString("utf8"))).toBe("object");
    }
  });
});
