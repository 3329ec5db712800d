import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { deployedEnvironment, deploymentProblems, EXAMPLE_SECRETS } from "~/domain/settings";

// The settings' own rules are the schema's: test/unit/server/settings.test.ts.
describe("the example secrets", () => {
  it("are the values .dev.vars.example ships with", () => {
    const example = parseEnv(readFileSync(join(import.meta.dirname, "..", "..", "..", ".dev.vars.example"), "utf8"));
    for (const [name, value] of Object.entries(EXAMPLE_SECRETS)) expect(example[name]).toBe(value);
  });
});

describe("deploymentProblems and deployedEnvironment", () => {
  it("finds the placeholders wrangler.toml ships with", () => {
    expect(deploymentProblems({ databaseIds: ["00000000-0000-0000-0000-000000000000"], routes: ["quantum-bell.example"] })).toHaveLength(2);
    expect(deploymentProblems({ databaseIds: ["6f1c2d3e-4a5b-4c6d-8e7f-901234567890"], routes: ["bell.org/*"] })).toEqual([]);
  });

  it("reads DEPLOY_ENV", () => {
    expect(deployedEnvironment(" Production ")).toBe("production");
    expect(deployedEnvironment(undefined)).toBeNull();
    expect(deployedEnvironment("dev")).toBeNull();
  });
});
