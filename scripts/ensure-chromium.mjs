// Makes sure the browser tests and benches have a Chromium: the one CHROMIUM_PATH names, or Debian's, installed
// with apt-get when it is missing (idempotent; CI runs as root). Anything else ends in one sentence saying what to do.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

import { CHROMIUM_PATH, DEBIAN_CHROMIUM } from "./lib/chromium.mjs";

const HOW = "set CHROMIUM_PATH to a Chromium or Chrome executable (for example `CHROMIUM_PATH=/path/to/chromium npm test`).";

function stop(reason) {
  console.error(`${reason}; ${HOW}`);
  process.exit(1);
}

if (existsSync(CHROMIUM_PATH)) process.exit(0);
if (process.env.CHROMIUM_PATH) stop(`CHROMIUM_PATH names ${CHROMIUM_PATH}, which does not exist`);
if (process.platform !== "linux" || !existsSync("/usr/bin/apt-get")) stop(`The browser tests need Chromium, and there is none at ${DEBIAN_CHROMIUM} nor an apt-get to install it`);

const sudo = process.getuid?.() === 0 ? "" : "sudo ";
console.log("Installing Chromium from Debian's packages (first run only)…");
try {
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, { stdio: "inherit" });
} catch {
  stop(`apt-get could not install Debian's Chromium at ${DEBIAN_CHROMIUM}`);
}
if (!existsSync(CHROMIUM_PATH)) stop(`apt-get installed chromium, but not at ${DEBIAN_CHROMIUM}`);
