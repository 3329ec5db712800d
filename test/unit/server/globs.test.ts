import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../../scripts/lib/citations.mjs";

// import.meta.glob patterns are relative to their module and find nothing, silently, once it moves: the content pages
// and the sitemap would go empty with every type check and lint still clean.
const root = resolve(import.meta.dirname, "../../..");
const GLOB_CALL = /import\.meta\.glob\(\s*(\[[^\]]*\]|(["'])[^"']*\2)/g;
const PATTERN = /(["'])([^"']+)\1/g;

/** The files a pattern of plain folders and `*` segments matches, from the folder it is relative to. */
function matches(from: string, pattern: string): string[] {
  const segment = (part: string) => new RegExp(`^${part.replace(/[.+?^${}()|\\]/g, "\\$&").replaceAll("*", "[^/]*")}$`);
  const walk = (dir: string, parts: string[]): string[] => {
    const [part, ...rest] = parts;
    if (part === "." || part === "..") return walk(join(dir, part), rest);
    return entries(dir)
      .filter((entry) => segment(part).test(entry.name) && (rest.length ? entry.isDirectory() : entry.isFile()))
      .flatMap((entry) => (rest.length ? walk(join(dir, entry.name), rest) : [join(dir, entry.name)]));
  };
  return walk(from, pattern.split("/"));
}

function entries(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

function globs(): { file: string; pattern: string }[] {
  return sourceFiles(root, ["app", "workers"]).flatMap((file) =>
    [...readFileSync(join(root, file), "utf8").matchAll(GLOB_CALL)].flatMap(([call]) =>
      [...call.matchAll(PATTERN)].map(([, , pattern]) => ({ file, pattern })),
    ),
  );
}

describe("import.meta.glob patterns", () => {
  it("each finds files from where its module is", () => {
    const found = globs();
    expect(found.length).toBeGreaterThanOrEqual(6);
    const empty = found.filter(({ file, pattern }) => matches(dirname(join(root, file)), pattern).length === 0);
    expect(empty.map(({ file, pattern }) => `${file}: ${pattern}`)).toEqual([]);
  });

  it("the check sees a pattern that finds nothing", () => {
    const content = join(root, "app/server/pages");
    expect(matches(content, "../../content/pages/*.md").length).toBeGreaterThan(5);
    expect(matches(content, "../content/pages/*.md")).toEqual([]);
    expect(relative(root, matches(content, "../../routes/*.tsx")[0])).toMatch(/^app\/routes\//);
  });
});
