// Makes sure the browser tests and benches have a Chromium: the one CHROMIUM_PATH names, or Debian's, installed
// with apt-get when it is missing (idempotent; CI runs as root). Anything else ends in one sentence saying what to do.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

import { CHROMIUM_PATH, DEBIAN_CHROMIUM } from "./lib/chromium.mjs";
import { chromiumPlan, HOW } from "./lib/chromium-plan.mjs";

function stop(sentence) {
  console.error(sentence);
  process.exit(1);
}

const plan = chromiumPlan({
  path: CHROMIUM_PATH,
  named: Boolean(process.env.CHROMIUM_PATH),
  debianPath: DEBIAN_CHROMIUM,
  exists: existsSync,
  platform: process.platform,
  hasAptGet: existsSync("/usr/bin/apt-get"),
});
if ("use" in plan) process.exit(0);
if ("stop" in plan) stop(plan.stop);

const sudo = process.getuid?.() === 0 ? "" : "sudo ";
console.log("Installing Chromium from Debian's packages (first run only)…");
try {
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, { stdio: "inherit" });
} catch {
  stop(`apt-get could not install Debian's Chromium at ${DEBIAN_CHROMIUM}; ${HOW}`);
}
if (!existsSync(CHROMIUM_PATH)) stop(`apt-get installed chromium, but not at ${DEBIAN_CHROMIUM}; ${HOW}`);
