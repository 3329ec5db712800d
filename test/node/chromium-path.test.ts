import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

// Issue 32: on a machine without Debian's Chromium, `npm test` says in one sentence how to point it at one, in the
// first stage (scripts/test.mjs runs scripts/ensure-chromium.mjs beside the build), not deep inside the e2e lane.
const root = resolve(import.meta.dirname, "../..");

describe("scripts/ensure-chromium.mjs", () => {
  it("stops with one sentence naming CHROMIUM_PATH when the Chromium it names is missing", () => {
    const result = spawnSync(process.execPath, ["scripts/ensure-chromium.mjs"], {
      cwd: root,
      env: { ...process.env, CHROMIUM_PATH: "/nonexistent/chromium" },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    const message = result.stderr.trim();
    expect(message.split("\n")).toHaveLength(1);
    expect(message).toContain("/nonexistent/chromium");
    expect(message).toMatch(/set CHROMIUM_PATH to a Chromium or Chrome executable/);
  });

  it("accepts the Chromium CHROMIUM_PATH names", () => {
    // Any existing file stands in: the script only checks that the named executable is there.
    const result = spawnSync(process.execPath, ["scripts/ensure-chromium.mjs"], { cwd: root, env: { ...process.env, CHROMIUM_PATH: process.execPath } });
    expect(result.status).toBe(0);
  });
});
