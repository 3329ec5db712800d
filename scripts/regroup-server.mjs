// The move of app/server's flat modules into edge/ and feature folders (ADR 0077), and the record of what moved where.
// It rewrites every import specifier in tracked sources that names a moved module by its old path (or that a moved
// module writes relative to its old place, import.meta.glob patterns included), then `git mv`s whatever has not moved
// yet; nothing else in any file changes. Run again after merging a branch written against the old layout, it rewrites
// that branch's imports, in moved modules too.
// node scripts/regroup-server.mjs
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const FOLDERS = {
  edge: [
    "api-route", "api-language", "http", "request", "request-size", "request-context", "security-headers", "csp-reports",
    "stylesheets-first", "html-attribute", "edge-cache", "read-cache", "cookies", "device-cookie", "base64url", "origin",
    "hashing", "rate-limit", "locale", "log", "report-error", "sentry", "observe-response", "metrics", "operations",
    "settings", "health", "healthz", "bell-room-client",
  ],
  wishes: ["wishes", "create-wish", "announce", "for-someone", "wall", "public-reads"],
  rings: ["ring-bell", "ring-notices", "job-ledger", "credits"],
  geo: ["map", "country-names"],
  pages: ["home", "content", "sitemap", "story", "legal-values"],
  contact: ["contact", "newsletter"],
  privacy: ["erasure", "retention"],
  push: ["push"],
  db: ["recording-d1", "statement-log"],
};
const MOVES = Object.fromEntries(
  Object.entries(FOLDERS).flatMap(([folder, names]) => names.map((name) => [`app/server/${name}.server.ts`, `app/server/${folder}/${name}.server.ts`])),
);

const OLD_PLACE = Object.fromEntries(Object.entries(MOVES).map(([from, to]) => [to, from]));
const git = (...args) => execFileSync("git", args, { encoding: "utf8" });
// Files whose specifiers are code planted in strings, placed elsewhere: edited by hand.
const SKIP = new Set(["test/node/lint-layers.test.ts", "test/unit/domain/statuses.test.ts"]);
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|vi\.(?:mock|doMock|unmock|importActual)\(\s*)(["'])([^"'\n]+)\2/g;
const GLOB = /import\.meta\.glob\(\s*(\[[^\]]*\]|(["'])[^"']*\2)/g;
const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.tsx"];

function resolveOld(importer, spec) {
  let base;
  if (spec.startsWith("~/")) base = `app/${spec.slice(2)}`;
  else if (spec.startsWith("./") || spec.startsWith("../")) base = path.posix.normalize(path.posix.join(path.posix.dirname(importer), spec));
  else return null;
  // A module's old path names it whether or not it has moved yet: an import written after the move against the old
  // layout (a branch merged later) is rewritten too.
  for (const ext of EXTENSIONS) if (MOVES[base + ext]) return { file: base + ext, ext };
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (existsSync(file) && statSync(file).isFile()) return { file, ext };
  }
  return null;
}

function relativeSpec(fromFile, toFile) {
  let rel = path.posix.relative(path.posix.dirname(fromFile), toFile);
  if (!rel.startsWith(".")) rel = `./${rel}`;
  return rel;
}

const pending = Object.entries(MOVES).filter(([from]) => existsSync(from));

// Rewrite first, while the old tree still resolves, then move.
// Once each: during a merge, ls-files lists a conflicted file once a side.
const files = [...new Set(git("ls-files").split("\n"))].filter((file) => SOURCE.test(file) && !SKIP.has(file));
const edits = [];
for (const importer of files) {
  const text = readFileSync(importer, "utf8");
  const importerNew = MOVES[importer] ?? importer;
  const next = text.replace(SPECIFIER, (whole, lead, quote, spec) => {
    // A moved module's relative import that finds nothing from its new place was written from its old one (a branch's
    // edit of the module, merged onto the rename).
    const fromOldPlace = OLD_PLACE[importer] && spec.startsWith(".") && !resolveOld(importer, spec);
    const target = resolveOld(fromOldPlace ? OLD_PLACE[importer] : importer, spec);
    if (!target) return whole;
    const targetNew = MOVES[target.file] ?? target.file;
    if (targetNew === target.file && importerNew === importer && !fromOldPlace) return whole;
    // The specifier left the extension out (or wrote it): keep that.
    const written = target.ext === "" ? targetNew : targetNew.slice(0, -target.ext.length);
    let spec2;
    if (spec.startsWith("~/")) spec2 = `~/${written.slice("app/".length)}`;
    else spec2 = relativeSpec(importerNew, written);
    return spec2 === spec ? whole : `${lead}${quote}${spec2}${quote}`;
  });
  // import.meta.glob patterns are relative to the module: a moved module's point to the same files from its new place.
  const globbed = importerNew === importer ? next : next.replace(GLOB, (call) =>
    call.replace(/(["'])(\.\.?\/[^"']*)\1/g, (_whole, quote, pattern) => `${quote}${relativeSpec(importerNew, path.posix.join(path.posix.dirname(importer), pattern))}${quote}`),
  );
  if (globbed !== text) edits.push([importer, globbed]);
}
for (const [file, text] of edits) writeFileSync(file, text);
for (const [from, to] of pending) {
  execFileSync("mkdir", ["-p", path.posix.dirname(to)]);
  git("mv", from, to);
}
console.log(`moved ${pending.length} files, rewrote imports in ${edits.length}`);
if (pending.length === 0 && edits.length === 0) console.log("nothing to do: every import already names the new paths");
