// Installs Debian's Chromium for the browser tests when it is missing (idempotent; CI runs as root).
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

import { CHROMIUM_PATH } from "./lib/chromium.mjs";

if (existsSync(CHROMIUM_PATH)) process.exit(0);

if (process.platform !== "linux" || !existsSync("/usr/bin/apt-get")) {
  console.error(`Chromium is missing at ${CHROMIUM_PATH}; install it with your package manager to run the browser tests.`);
  process.exit(1);
}
const sudo = process.getuid?.() === 0 ? "" : "sudo ";
console.log("Installing Chromium from Debian's packages (first run only)…");
execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, {
  stdio: "inherit",
});
