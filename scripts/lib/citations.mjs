// Citations in the code: the old ones (a product spec, DESIGN.md and API.md that were never in this repository, and
// issue numbers) and the new ones (docs/….md#section). Shared by scripts/rewrite-citations.mjs, which turns the first
// into the second, and test/unit/docs-citations.test.ts, which checks that none of the first is left and that every
// one of the second names a heading that exists.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const PRODUCT = "docs/product.md";
const ARCHITECTURE = "docs/architecture.md";

/** The old spec's sections, and the place in docs/ that now says what each said. */
export const SPEC_SECTIONS = {
  1: `${PRODUCT}#who-it-is-for`,
  2: `${PRODUCT}#pages`,
  3: `${PRODUCT}#wishes-and-what-they-carry`,
  4: `${PRODUCT}#what-happens-step-by-step`,
  5: `${PRODUCT}#validation`,
  6: `${PRODUCT}#who-it-is-for`,
  7: "docs/api.md#calls",
  8: `${PRODUCT}#sentences`,
  9: `${PRODUCT}#limits`,
};

/** DESIGN.md's sections. */
export const DESIGN_SECTIONS = {
  1: `${ARCHITECTURE}#folders`,
  2: `${ARCHITECTURE}#runtime-pieces`,
  3: `${ARCHITECTURE}#data`,
  4: `${PRODUCT}#server-rules`,
  5: "docs/realtime.md",
  6: `${ARCHITECTURE}#the-quantum-provider`,
  7: `${PRODUCT}#security`,
  8: `${ARCHITECTURE}#budgets`,
};

/**
 * The issues the code cites, by the rule each one brought in. An issue missing here is reported by the script for a
 * row (and, where docs/ does not say it yet, a section) to be added.
 */
export const ISSUE_SECTIONS = {
  19: `${PRODUCT}#your-wish-card`,
  21: `${PRODUCT}#one-person-one-share`,
  22: `${PRODUCT}#languages`,
  23: "docs/realtime.md#pages-follow-the-socket",
  30: `${ARCHITECTURE}#the-quantum-provider`,
  31: `${PRODUCT}#one-person-one-share`,
  32: `${ARCHITECTURE}#start-up`,
  33: "docs/operations.md#watching-it-run",
  34: `${PRODUCT}#privacy`,
  35: `${PRODUCT}#your-ring`,
  36: `${PRODUCT}#the-loop-back`,
  37: `${ARCHITECTURE}#what-may-import-what`,
};

/**
 * Whole phrases first, where a section number alone would point less well or read badly; each is rewritten as
 * written here, before the general rules.
 */
export const PHRASES = [
  ["the spec's order (§2 Navigation)", `the order of ${PRODUCT}#navigation-and-chrome`],
  ['spec §2 "Page metadata"', `${PRODUCT}#page-metadata-and-share-images`],
  ["Spec §3's keywords", `The keywords of ${PRODUCT}#themes`],
  ["This device's fingerprint (spec §3)", `This device's fingerprint (${PRODUCT}#the-device-id)`],
  ["spec §4's 3 s", `the 3 s of ${PRODUCT}#live-updates`],
  ["as spec §4 says", "as docs/realtime.md#reconnecting says"],
  ["The life of a wish (spec §4)", `The life of a wish (${PRODUCT}#wish-lifecycle)`],
  ["Resonating is one-way (spec §4)", `Resonating is one-way (${PRODUCT}#resonating)`],
  ["The quantum-encoding overlay (spec §4)", `The quantum-encoding overlay (${PRODUCT}#submitting-a-wish)`],
  ["gone after 3 s (spec §4)", `gone after 3 s (${PRODUCT}#submitting-a-wish)`],
  ["spec §4 refreshes stats", `${PRODUCT}#submitting-a-wish refreshes stats`],
  ["Which wishes one ring takes (spec §4)", `Which wishes one ring takes (${PRODUCT}#ringing)`],
  ["(spec §2): Copy Link", `(${PRODUCT}#the-home-page): Copy Link`],
  ["Every number of the product spec §9", `Every number of ${PRODUCT}#limits`],
  ['Server → client messages on /ws (API.md "Socket")', "Server → client messages on /ws (docs/realtime.md#messages)"],
  ["Ours beside API.md's fields, so that no page asks again", "Beyond the first protocol's fields, so that no page asks again"],
  ["is ours beside API.md's fields:", "is beyond the first protocol's fields:"],
  ["with any service not connected (API.md:", "with any service not connected (docs/api.md#calls:"],
  // "The spec" named no section; each of these now names the one that says it.
  ["plays the spec's sequence:", `plays the sequence of ${PRODUCT}#submitting-a-wish:`],
  ["on the spec's clock.", `on the clock of ${PRODUCT}#ringing.`],
  ["when it is a positive number; else the spec's.", `when it is a positive number; else the one of ${PRODUCT}#ringing.`],
  ["the spec's answers otherwise.", "the answers of docs/api.md#calls otherwise."],
  ["the square 512×512 mark the spec asks for beside it", `the square 512×512 mark ${PRODUCT}#page-metadata-and-share-images asks for beside it`],
  ["as the spec's four fallbacks.", `as the four fallbacks of ${PRODUCT}#the-home-page.`],
  ["The spec asks for scroll to reset to the top", `${PRODUCT}#pages asks for scroll to reset to the top`],
  ["English keeps the spec's routes;", `English keeps the paths of ${PRODUCT}#pages;`],
  ["English keeps the spec's path,", `English keeps its path of ${PRODUCT}#pages,`],
  ["// The spec stops reconnecting on these close codes", "// docs/realtime.md#reconnecting stops on these close codes"],
  ["still meets the spec's\n * five attempts", "still meets the\n * five attempts of docs/realtime.md#reconnecting"],
  ["Accepted because the spec's client sends it;", "Accepted because the first client sent it (docs/api.md#calls);"],
  ["Visitors hear the spec's sentences;", `Visitors hear the sentences of ${PRODUCT}#sentences;`],
  ["/** The spec's 20 seconds, unless", `/** The 20 seconds of ${PRODUCT}#limits, unless`],
  ["The spec's fingerprint lives in localStorage", `The fingerprint (${PRODUCT}#the-device-id) lives in localStorage`],
  ["/** The spec's name for the realtime service;", "/** The first client's name for the realtime service (docs/api.md#calls);"],
];

/** What the old citations look like: what the check refuses, and the script rewrites. */
export const OLD_CITATION = /\bspec §\s*\d|§\d+\s+(?:Navigation|"Page metadata")|\b[Tt]he spec\b|\bDESIGN(?:\.md)?\s*§|\bDESIGN\.md\b|\bAPI\.md\b|\b[Ii]ssues? \d{2}\b/g;
/** The same, without issue numbers: what test/ may not hold either. */
export const OLD_DOC_CITATION = /\bspec §\s*\d|\bDESIGN(?:\.md)?\s*§|\bDESIGN\.md\b|\bAPI\.md\b/g;
/** A citation of our own docs: a Markdown file under docs/, and a heading in it. */
export const DOCS_CITATION = /\bdocs\/[\w./-]+?\.md(?:#[\w-]+)?/g;

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Every anchor a Markdown file's headings make (code blocks skipped). */
export function headingAnchors(markdown) {
  const anchors = new Set();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) anchors.add(anchorOf(heading[1]));
  }
  return anchors;
}

/** What is wrong with one `docs/…md#anchor` citation in `root`, or null when its file and heading exist. */
export function brokenCitation(root, citation) {
  const [file, anchor] = citation.split("#");
  const path = join(root, file);
  if (!existsSync(path)) return `no file ${file}`;
  if (anchor && !headingAnchors(readFileSync(path, "utf8")).has(anchor)) return `no heading #${anchor} in ${file}`;
  return null;
}

const SOURCE = /\.(?:ts|tsx|mts|mjs|js)$/;

/** The source files below `dirs` of `root` (relative paths), skipping what is not the project's own. */
export function sourceFiles(root, dirs) {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(join(root, dir))) {
      if (name === "node_modules" || name.startsWith(".")) continue;
      const path = join(dir, name);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (SOURCE.test(name)) found.push(relative(root, join(root, path)));
    }
  };
  for (const dir of dirs) if (existsSync(join(root, dir))) walk(dir);
  return found.sort();
}

/** Whether the match at `index` stands inside parentheses opened earlier on its own line. */
function insideParentheses(text, index) {
  const lineStart = text.lastIndexOf("\n", index) + 1;
  let depth = 0;
  for (const char of text.slice(lineStart, index)) {
    if (char === "(") depth += 1;
    else if (char === ")") depth = Math.max(0, depth - 1);
  }
  return depth > 0;
}

const joinPlaces = (places) => [...new Set(places)].join(", ");

/**
 * One file's text with its old citations rewritten, and what could not be: an issue number outside parentheses (a
 * sentence is built around it, so a person words it again), an issue with no row in ISSUE_SECTIONS, or "the spec"
 * naming no section. `issues: false` (test/) leaves issue numbers and "the spec" as they are.
 */
export function rewriteCitations(text, { issues = true } = {}) {
  const left = [];
  let out = text;
  for (const [from, to] of PHRASES) out = out.split(from).join(to);
  // "spec §4, §5 and §8", "spec §2" → the docs places, once each.
  out = out.replace(/\b[Ss]pec §\s*(\d)((?:\s*(?:,|and)\s*§\s*\d)*)/g, (match, first, rest) => {
    const numbers = [first, ...(rest.match(/\d/g) ?? [])];
    return joinPlaces(numbers.map((n) => SPEC_SECTIONS[n] ?? `docs/product.md (spec §${n}: add a row)`));
  });
  out = out.replace(/\bDESIGN(?:\.md)?\s*§\s*(\d)/g, (match, n) => DESIGN_SECTIONS[n] ?? match);
  out = out.replace(/\bAPI\.md\b/g, "docs/api.md");
  // "the spec" with no section: only a person can say which part of docs/ it means (tests may keep their wording).
  if (issues) for (const match of out.matchAll(/\b[Tt]he spec\b(?:'s)?/g)) left.push(match[0]);
  out = out.replace(/\bDESIGN\.md\b/g, "docs/architecture.md");
  if (issues) {
    out = out.replace(/\b([Ii])ssues? (\d{2})((?:\.\d+)?(?:(?:\s*,\s*|\s+and\s+)(?:issue\s+)?\d{2}(?:\.\d+)?)*)(?:, part \d+)?/g, (match, _i, first, rest, offset, whole) => {
      const numbers = [first, ...(rest.replace(/\.\d+/g, "").match(/\d{2}/g) ?? [])];
      const places = numbers.map((n) => ISSUE_SECTIONS[n]);
      if (places.some((place) => !place) || !insideParentheses(whole, offset)) {
        left.push(match);
        return match;
      }
      return joinPlaces(places);
    });
  }
  return { text: out, left };
}
