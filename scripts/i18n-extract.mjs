// Writes app/i18n/catalogues/en.json, the English catalogue, from the code: every `t("…")` literal in app/, every
// sentence app/domain/messages.ts exports, the navigation's labels (ADR 0027; a ring's verse is written in app/domain/verse, ADR 0091). Messages are keyed
// by their English source. `--check` only compares, for the test that keeps the file current.
import { build } from "esbuild";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const appDir = join(root, "app");
const target = join(appDir, "i18n/catalogues/en.json");

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) yield* sourceFiles(file);
    else if (/\.tsx?$/.test(name) && !name.endsWith(".css.ts")) yield file;
  }
}

const LITERAL = /\b(?:t|ti|bt|msg)\(\s*"((?:[^"\\]|\\.)*)"/g;

/** The messages modules, bundled and evaluated: their string exports and what they list. */
async function moduleStrings() {
  const entry = ["app/domain/messages.ts", "app/components/nav/links.ts", "app/domain/contact.ts"]
    .map((file, index) => `export * as m${index} from "./${file}";`)
    .join("\n");
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    write: false,
    alias: { "~": appDir },
    logLevel: "silent",
  });
  const modules = await import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString("base64")}`);
  const [messages, links, contact] = [modules.m0, modules.m1, modules.m2];
  const strings = Object.values(messages).filter((value) => typeof value === "string");
  // The contact and newsletter sentences sit beside their limits: the sentences are the strings with a space.
  strings.push(...Object.values(contact).filter((value) => typeof value === "string" && value.includes(" ")));
  for (const link of links.MAIN_NAV) strings.push(link.label);
  for (const group of links.FOOTER_GROUPS) strings.push(group.title, ...group.links.map((link) => link.label));
  return strings;
}

export async function englishCatalogue() {
  const sources = new Set(await moduleStrings());
  for (const file of sourceFiles(appDir)) {
    if (relative(appDir, file).startsWith("i18n/catalogues")) continue;
    for (const match of readFileSync(file, "utf8").matchAll(LITERAL)) sources.add(JSON.parse(`"${match[1]}"`));
  }
  const sorted = [...sources].sort();
  return Object.fromEntries(sorted.map((source) => [source, source]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = `${JSON.stringify(await englishCatalogue(), null, 2)}\n`;
  if (process.argv.includes("--check")) {
    if (readFileSync(target, "utf8") !== text) {
      console.error("app/i18n/catalogues/en.json is out of date: run `npm run i18n:extract`.");
      process.exit(1);
    }
  } else {
    writeFileSync(target, text);
    console.log(`${Object.keys(JSON.parse(text)).length} messages in app/i18n/catalogues/en.json`);
  }
}
