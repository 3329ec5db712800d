import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// zod's `new Function` probe breaks the site's CSP (a violation report in every browser that parses a schema, and a
// Lighthouse best-practices finding); app/domain/zod-config.ts turns it off, and must run before any schema is built.
const ZOD_IMPORT = /^import (?!type )[^;]* from "zod(?:\/mini)?";/m;
const CONFIG_FIRST = /^import "(?:~\/domain|\.|\.\.)\/zod-config";/;

describe("zod runs without eval", () => {
  it("every module that imports zod imports app/domain/zod-config first", () => {
    const files = execFileSync("git", ["ls-files", "app", "workers"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith("zod-config.ts"));
    const missing = files.filter((file) => {
      const text = readFileSync(file, "utf8");
      return ZOD_IMPORT.test(text) && !CONFIG_FIRST.test(text.trimStart());
    });
    expect(missing).toEqual([]);
  });
});
