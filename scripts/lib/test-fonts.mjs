// The fonts the test Chromium draws with: the project's own (npm packages), never the machine's. A page's body font
// is the system stack (system-ui, …, sans-serif), so Chromium draws it with whatever the machine has installed, and a
// screenshot made where only DejaVu exists differs from one made where Debian's Noto fonts are (ADR 0120). Chromium
// on Linux finds fonts through fontconfig, which reads FONTCONFIG_FILE: this writes a configuration that knows only
// the TrueType files made here from the @fontsource packages, with every generic family pointed at them.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { woffToSfnt } from "../og-fonts.mjs";
import { root } from "./wrangler.mjs";

const require = createRequire(import.meta.url);
const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));

const SANS = "Roboto";
const SERIF = "Noto Serif";
/** Families after the Latin ones, in the order a character missing there tries them. */
const SCRIPTS = ["Noto Sans Arabic", "Noto Sans Devanagari", "Noto Sans SC", "Noto Sans Symbols", "Noto Sans Symbols 2", "Noto Sans Math"];
const PACKAGES = [
  { pkg: "@fontsource/roboto", weights: [400, 500, 600, 700] },
  { pkg: "@fontsource/noto-serif", weights: [400, 600, 700] },
  { pkg: "@fontsource/noto-sans-arabic", weights: [400, 600, 700] },
  { pkg: "@fontsource/noto-sans-devanagari", weights: [400, 600, 700] },
  { pkg: "@fontsource/noto-sans-sc", weights: [400, 700] },
  { pkg: "@fontsource/noto-sans-symbols", weights: [400] },
  { pkg: "@fontsource/noto-sans-symbols-2", weights: [400] },
  { pkg: "@fontsource/noto-sans-math", weights: [400] },
];
/** Every family Chromium may draw with in the tests. */
export const PROJECT_FONT_FAMILIES = [SANS, SERIF, ...SCRIPTS];
/** What the site's stylesheets name and a machine may or may not have: each is drawn with the project's fonts. */
const GENERIC = { "sans-serif": SANS, "system-ui": SANS, "-apple-system": SANS, "Segoe UI": SANS, "Helvetica Neue": SANS, Arial: SANS, Helvetica: SANS, monospace: SANS, serif: SERIF, Georgia: SERIF, "Times New Roman": SERIF };

const dir = join(root, ".tmp", "test-fonts");
const config = join(dir, "fonts.conf");

function fontFiles() {
  return PACKAGES.flatMap(({ pkg, weights }) => {
    const files = join(packageDir(pkg), "files");
    return readdirSync(files)
      // Noto Sans SC's "chinese-simplified" file names its family "Noto Sans SC Thin"; its numbered slices hold the same.
      .filter((name) => weights.some((weight) => name.endsWith(`-${weight}-normal.woff`)) && !name.includes("chinese-simplified"))
      .map((name) => join(files, name));
  });
}

function fontconfig() {
  const family = (name) => `<family>${name}</family>`;
  const alias = ([name, first]) =>
    `  <alias binding="strong"><family>${name}</family><prefer>${[first, ...SCRIPTS].map(family).join("")}</prefer></alias>`;
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<!-- Written by scripts/lib/test-fonts.mjs: the test Chromium's fonts are the project's, whatever the machine has. -->
<fontconfig>
  <dir>${dir}</dir>
  <cachedir>${join(dir, "cache")}</cachedir>
  <!-- As Debian's 49-sansserif.conf: a request naming no generic family (Chromium's fallback for a character names
       none) gets sans-serif, so the aliases below order the fallback and a symbol font never draws a script. -->
  <match target="pattern">
    <test qual="all" name="family" compare="not_eq"><string>sans-serif</string></test>
    <test qual="all" name="family" compare="not_eq"><string>serif</string></test>
    <test qual="all" name="family" compare="not_eq"><string>monospace</string></test>
    <edit name="family" mode="append_last"><string>sans-serif</string></edit>
  </match>
${Object.entries(GENERIC).map(alias).join("\n")}
  <match target="font">
    <edit name="antialias" mode="assign"><bool>true</bool></edit>
    <edit name="hinting" mode="assign"><bool>true</bool></edit>
    <edit name="hintstyle" mode="assign"><const>hintslight</const></edit>
    <edit name="rgba" mode="assign"><const>none</const></edit>
    <edit name="embeddedbitmap" mode="assign"><bool>false</bool></edit>
  </match>
</fontconfig>
`;
}

/**
 * Writes .tmp/test-fonts (TrueType from the packages' WOFF files, and fonts.conf) unless it is already there for these
 * packages, and returns the environment that points Chromium's fontconfig at it alone.
 */
export function projectFontsEnv() {
  const files = fontFiles();
  const stamp = join(dir, "stamp.json");
  const wanted = JSON.stringify({ files: files.map((file) => file.slice(root.length)), config: fontconfig() });
  if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== wanted) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, "cache"), { recursive: true });
    for (const file of files) writeFileSync(join(dir, file.split("/").pop().replace(/\.woff$/, ".ttf")), woffToSfnt(readFileSync(file)));
    writeFileSync(config, fontconfig());
    writeFileSync(stamp, wanted);
  }
  return { FONTCONFIG_FILE: config };
}
