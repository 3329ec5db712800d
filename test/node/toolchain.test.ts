import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// ADR 0031: every npm script runs on the Node of the `node` devDependency, whatever Node started npm.
const root = resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { devDependencies: Record<string, string>; engines: { node: string } };
const projectNode = pkg.devDependencies.node;

describe("the project's Node", () => {
  it("is one version, named alike in package.json and .nvmrc", () => {
    expect(projectNode).toMatch(/^24\.\d+\.\d+$/);
    expect(readFileSync(join(root, ".nvmrc"), "utf8").trim()).toBe(projectNode);
    expect(pkg.engines.node).toBe(">=24.11.0");
  });

  it("runs an npm script started from a shell whose PATH finds another Node first", () => {
    // The PATH a fresh clone's shell has: the system's Node (20 on these machines) first, no node_modules/.bin.
    const shellPath = (process.env.PATH ?? "").split(delimiter).filter((dir: string) => !dir.includes("node_modules"));
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: shellPath.join(delimiter) };
    for (const key of Object.keys(env)) if (key.startsWith("npm_")) delete env[key];
    const scriptNode = execFileSync("npm", ["run", "--silent", "node:version"], { cwd: root, env, encoding: "utf8" }).trim();
    expect(scriptNode).toBe(`v${projectNode}`);
  });

  it("is the Node this test runs on, since npm test started it", () => {
    expect(process.version).toBe(`v${projectNode}`);
  });
});

// ADR 0090: TypeScript 7's native compiler checks the types; the `typescript` package stays the API its users support.
describe("the type check", () => {
  it("runs TypeScript 7, and the `typescript` API package stays the 5.x that Remix and typescript-eslint accept", () => {
    const printed = execFileSync("npm", ["run", "--silent", "typecheck", "--", "--version"], { cwd: root, encoding: "utf8" }).trim();
    expect(printed).toBe(`Version ${pkg.devDependencies["@typescript/native"].replace("npm:typescript@", "")}`);
    expect(printed).toMatch(/^Version 7\./);
    expect(pkg.devDependencies.typescript).toMatch(/^5\.\d+\.\d+$/);
  });
});
