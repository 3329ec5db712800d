// The one way this project starts Chromium: Debian's build (or the one CHROMIUM_PATH names), headless, with the
// flags of the test standard.
import { chromium } from "playwright-core";
import { projectFontsEnv } from "./test-fonts.mjs";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;

/**
 * Nothing a page asks for leaves this machine: every request to another host (http, https, WebSocket, a literal IP)
 * goes to a proxy that is not there, and fails with net::ERR_PROXY_CONNECTION_FAILED before any name is looked up.
 * Loopback (127.0.0.1, localhost) always bypasses a proxy in Chromium, so the site under test is reached directly.
 * Port 9 (discard) is privileged, and test/e2e/offline.e2e.ts fails if anything answers there. Done by the browser itself rather than
 * by Playwright's request interception, which sends every request through Node and turns off the HTTP cache, so
 * each navigation fetched and compiled every script again (ADR 0082).
 */
export const OFF_THIS_MACHINE_REFUSED = ["--proxy-server=http://127.0.0.1:9"];

/**
 * Chromium 156 opens the omnibox's drop-down (a WebUI page, chrome://omnibox-popup.top-chrome) in a renderer of its
 * own for every new window, headless too: about 0.5 s of CPU for each fresh visitor, a popup no test opens and no
 * page can reach. Without it a fresh visitor and its first page cost 1.0 s of CPU instead of 1.8 (ADR 0089).
 */
const NO_OMNIBOX_POPUP = ["--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup"];

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  ...OFF_THIS_MACHINE_REFUSED,
  ...NO_OMNIBOX_POPUP,
];

export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/**
 * The same Chromium as a server that several test files connect to in turn (`chromium.connect(wsEndpoint())`),
 * drawing with the project's fonts only, so a screenshot is the same on any machine (scripts/lib/test-fonts.mjs).
 */
export function launchChromiumServer() {
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS, env: { ...process.env, ...projectFontsEnv() } });
}
