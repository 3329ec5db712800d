import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { API } from "~/domain/contract/api";
import { sourceFiles } from "../../scripts/lib/citations.mjs";

const root = resolve(import.meta.dirname, "../..");
const CONTRACT = "app/domain/contract/";

/** `/api/` where a path starts (not inside another site's address, such as a provider's `host/api/v1`). */
const OUR_API_PATH = /(?:^|[^\w.-])\/api\//;

/** Every string or template piece in a module's code (never its comments) that names an `/api/` path of ours. */
export function apiPathLiterals(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      if (OUR_API_PATH.test(node.text)) found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("one contract for the wire: no literal /api/ path outside it", () => {
  it("finds a path in a string, a template or JSX, and not in a comment", () => {
    const planted = [
      'const a = "/api/stats";',
      "const b = `/api/wishes/${id}/resonate`;",
      "const c = <a href='/api/countries'>x</a>;",
      "// GET /api/wishes/{id} in a comment is documentation",
      'const ibm = "https://quantum.cloud.ibm.com/api/v1";',
      'const robots = "Disallow: /api/";',
      "/** POST /api/bell/ring */ const d = 1;",
    ].join("\n");
    expect(apiPathLiterals("planted.tsx", planted)).toEqual(["/api/stats", "/api/wishes/", "/api/countries", "Disallow: /api/"]);
  });

  it("app/ and workers/ name API paths only through app/domain/contract", () => {
    const offenders = sourceFiles(root, ["app", "workers"])
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith(CONTRACT))
      .flatMap((file) =>
        apiPathLiterals(file, readFileSync(join(root, file), "utf8"))
          .map((literal) => `${file}: ${JSON.stringify(literal)}`),
      );
    expect(offenders).toEqual([]);
  });

  it("every declared call is served by the route module its path names, through its declaration", () => {
    for (const [name, endpoint] of Object.entries(API)) {
      const module = `app/routes/${endpoint.path.slice(1).replace(/:([a-z]+)/gi, "$$$1").replaceAll("/", ".")}`;
      const candidates = [`${module}.ts`, `${module}._index.ts`];
      const text = candidates.map((file) => {
        try {
          return readFileSync(join(root, file), "utf8");
        } catch {
          return "";
        }
      }).join("\n");
      expect(text, `${name} (${endpoint.method} ${endpoint.path})`).toContain(`serve(API.${name},`);
    }
  });
});
