import type { Browser, BrowserServer } from "playwright-core";

export const DEBIAN_CHROMIUM: string;
export const CHROMIUM_PATH: string;
export const CHROMIUM_FLAGS: string[];
export function launchChromium(): Promise<Browser>;
export function launchChromiumServer(): Promise<BrowserServer>;
