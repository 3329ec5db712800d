import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  brokenCitation,
  DOCS_CITATION,
  headingAnchors,
  OLD_CITATION,
  OLD_DOC_CITATION,
  rewriteCitations,
  sourceFiles,
} from "../../scripts/lib/citations.mjs";

const root = resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(join(root, file), "utf8");
/** The citation tables name the old forms on purpose; so does this test. */
const NAMING_THEM = new Set(["scripts/lib/citations.mjs", "scripts/lib/citations.d.mts", "scripts/rewrite-citations.mjs", "test/unit/docs-citations.test.ts"]);
const CODE = sourceFiles(root, ["app", "workers", "scripts"]).filter((file) => !NAMING_THEM.has(file));
const TESTS = sourceFiles(root, ["test"]).filter((file) => !NAMING_THEM.has(file));
const ROOT_FILES = readdirSync(root).filter((name) => /\.(?:ts|js|mjs)$/.test(name) || name === "README.md");
const DOCS = readdirSync(join(root, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`);

function places(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) => [...read(file).matchAll(pattern)].map((match) => `${file}: ${match[0]}`));
}

describe("the docs the code cites", () => {
  it("every docs/….md#section a comment, a test or a config names is a file with that heading", () => {
    const cited = places([...CODE, ...TESTS, ...ROOT_FILES], DOCS_CITATION);
    expect(cited.length).toBeGreaterThan(80);
    const broken = cited.flatMap((place) => {
      const problem = brokenCitation(root, place.slice(place.indexOf(": ") + 2));
      return problem ? [`${place} (${problem})`] : [];
    });
    expect(broken).toEqual([]);
  });

  it("every link between the docs lands on a file and a heading", () => {
    const broken = DOCS.flatMap((doc) =>
      [...read(doc).matchAll(/\]\(((?!https?:|#)[^)\s]+?)\)/g)].flatMap(([, target]) => {
        const [file, anchor] = target.split("#");
        const path = file.endsWith("/") ? `docs/${file}` : `docs/${file}`;
        if (file.endsWith("/")) return readdirSync(join(root, path)).length ? [] : [`${doc}: ${target}`];
        const problem = brokenCitation(root, anchor ? `${path}#${anchor}` : path);
        return problem ? [`${doc}: ${target} (${problem})`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it("no code cites the old spec (by section or as \"the spec\"), DESIGN.md, API.md or an issue number (npm run citations:rewrite)", () => {
    expect(places(CODE, OLD_CITATION)).toEqual([]);
  });

  it("no test cites the old spec, DESIGN.md or API.md; tests may name the issue whose report they guard", () => {
    expect(places(TESTS, OLD_DOC_CITATION)).toEqual([]);
  });

  it("the checks see what they look for", () => {
    expect(brokenCitation(root, "docs/product.md#limits")).toBeNull();
    expect(brokenCitation(root, "docs/product.md#no-such-heading")).toBe("no heading #no-such-heading in docs/product.md");
    expect(brokenCitation(root, "docs/nothing-here.md#limits")).toBe("no file docs/nothing-here.md");
    expect(headingAnchors("# A page\n## One person, one share\n```\n## not a heading\n```\n### The `/og` card & more")).toEqual(
      new Set(["a-page", "one-person-one-share", "the-og-card--more"]),
    );
    const planted = "// The bell (spec §4) waits (issue 31) on the spec's clock; DESIGN §6 and API.md say so.";
    expect([...planted.matchAll(OLD_CITATION)].map((match) => match[0])).toEqual(["spec §4", "issue 31", "the spec", "DESIGN §", "API.md"]);
  });

  it("the rewrite maps sections and parenthesised issues, and leaves a sentence built on an issue to a person", () => {
    const { text, left } = rewriteCitations(
      "// The ribbon (spec §2). Rings (spec §4, §8 and DESIGN §4) are fair (issues 21 and 31, ADR 0033), see API.md.\n// Swept by issue 31 later.",
    );
    expect(text).toBe(
      "// The ribbon (docs/product.md#pages). Rings (docs/product.md#what-happens-step-by-step, docs/product.md#sentences and docs/product.md#server-rules) are fair (docs/product.md#one-person-one-share, ADR 0033), see docs/api.md.\n// Swept by issue 31 later.",
    );
    expect(left).toEqual(["issue 31"]);
    expect(rewriteCitations("// As the spec's sentences say.").left).toEqual(["the spec's"]);
    expect(rewriteCitations("it('keeps the spec's sentences (issue 22)')", { issues: false })).toEqual({ text: "it('keeps the spec's sentences (issue 22)')", left: [] });
  });
});
