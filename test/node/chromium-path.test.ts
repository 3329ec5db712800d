import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { chromiumPlan } from "../../scripts/lib/chromium-plan.mjs";

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

describe("what scripts/ensure-chromium.mjs does on each kind of machine", () => {
  const DEBIAN = "/usr/bin/chromium";
  const machine = { path: DEBIAN, named: false, debianPath: DEBIAN, platform: "linux", hasAptGet: true, exists: () => false };

  it("uses the Chromium that is there", () => {
    expect(chromiumPlan({ ...machine, exists: (path) => path === DEBIAN })).toEqual({ use: DEBIAN });
    expect(chromiumPlan({ ...machine, path: "/opt/chrome", named: true, exists: (path) => path === "/opt/chrome" })).toEqual({ use: "/opt/chrome" });
  });

  it("installs Debian's Chromium only on Linux with apt-get and no CHROMIUM_PATH", () => {
    expect(chromiumPlan(machine)).toEqual({ install: true });
  });

  it("on a Mac, or a Linux without apt-get, says in one sentence to set CHROMIUM_PATH", () => {
    for (const other of [{ platform: "darwin" }, { platform: "win32" }, { hasAptGet: false }]) {
      const plan = chromiumPlan({ ...machine, ...other });
      expect(plan).toEqual({ stop: expect.stringContaining("set CHROMIUM_PATH to a Chromium or Chrome executable") });
      const sentence = (plan as { stop: string }).stop;
      expect(sentence.split("\n")).toHaveLength(1);
      expect(sentence).toContain(DEBIAN);
    }
  });

  it("never installs over a CHROMIUM_PATH that names nothing", () => {
    expect(chromiumPlan({ ...machine, path: "/nowhere/chrome", named: true })).toEqual({
      stop: expect.stringMatching(/^CHROMIUM_PATH names \/nowhere\/chrome, which does not exist; set CHROMIUM_PATH to/),
    });
  });
});
