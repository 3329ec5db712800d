// What scripts/ensure-chromium.mjs does on a machine, decided apart from the machine so every case can be tested:
// use the Chromium that is there, install Debian's with apt-get, or stop with one sentence saying how to point the
// tests at a Chromium.

export const HOW = "set CHROMIUM_PATH to a Chromium or Chrome executable (for example `CHROMIUM_PATH=/path/to/chromium npm test`).";

/**
 * @param {{ path: string, named: boolean, debianPath: string, exists: (path: string) => boolean, platform: string, hasAptGet: boolean }} machine
 *   `path` is the Chromium to use (CHROMIUM_PATH or Debian's), `named` whether CHROMIUM_PATH chose it.
 * @returns {{ use: string } | { install: true } | { stop: string }}
 */
export function chromiumPlan({ path, named, debianPath, exists, platform, hasAptGet }) {
  if (exists(path)) return { use: path };
  if (named) return { stop: `CHROMIUM_PATH names ${path}, which does not exist; ${HOW}` };
  if (platform !== "linux" || !hasAptGet) {
    return { stop: `The browser tests need Chromium, and there is none at ${debianPath} nor an apt-get to install it; ${HOW}` };
  }
  return { install: true };
}
