// `node scripts/rewrite-citations.mjs [--check]`: rewrites the code's citations of the old product spec ("spec §N"),
// DESIGN.md and API.md (never in this repository) and of issue numbers into docs/….md#section, by the tables in
// scripts/lib/citations.mjs. Re-run it after merging a branch that brought new ones. test/ keeps its issue numbers (a
// test names the report it guards); its spec, DESIGN and API.md citations are rewritten like the code's.
// Prints what it could not rewrite (an issue number a sentence is built around, or one with no row in the table) and
// exits 1 while anything is left; --check writes nothing.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { rewriteCitations, sourceFiles } from "./lib/citations.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

const CODE = ["app", "workers", "scripts"];
const TESTS = ["test"];
// These name the old forms on purpose: the table, and the test that checks the rewrite.
const OWN = new Set(["scripts/rewrite-citations.mjs", "scripts/lib/citations.mjs", "scripts/lib/citations.d.mts", "test/unit/docs-citations.test.ts"]);
const check = process.argv.includes("--check");

let changed = 0;
const left = [];
for (const [dirs, issues] of [[CODE, true], [TESTS, false]]) {
  for (const file of sourceFiles(root, dirs)) {
    if (OWN.has(file)) continue;
    const before = readFileSync(join(root, file), "utf8");
    const after = rewriteCitations(before, { issues });
    for (const match of after.left) left.push(`${file}: "${match}"`);
    if (after.text === before) continue;
    changed += 1;
    if (!check) writeFileSync(join(root, file), after.text);
  }
}
console.log(`${changed} file(s) ${check ? "would change" : "rewritten"}.`);
if (left.length) {
  console.log(`Left for a person (word the sentence again, or add a row to ISSUE_SECTIONS in scripts/lib/citations.mjs):`);
  for (const line of left) console.log(`  ${line}`);
  process.exit(1);
}
