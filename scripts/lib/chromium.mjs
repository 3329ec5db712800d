// The one way this project starts Chromium: Debian's build (or the one CHROMIUM_PATH names), headless, with the
// flags of the test standard.
import { chromium } from "playwright-core";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/** The same Chromium as a server that several test files connect to in turn (`chromium.connect(wsEndpoint())`). */
export function launchChromiumServer() {
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}
