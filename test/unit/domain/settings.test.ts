import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { deployedEnvironment, deploymentProblems, EXAMPLE_SECRETS, settingsProblems } from "~/domain/settings";

const good = {
  SITE_URL: "https://bell.quantum-peace.org",
  HASH_SECRET: "k1Hc9Zq4mW7vT2yB8nR5xL0pD3sF6gJ1aE",
  SESSION_SECRET: "u7Yt4Rr2Ee9Ww1Qq3Aa5Ss8Dd6Ff0Gg2Hh",
  ADMIN_PASSWORD: "correct horse battery staple",
  VAPID_PUBLIC_KEY: "BG89lkMSWGpi_sv_7jl07HuBaPvMvdsgksouvOltCK0aGxnzsTuX9DjFu2vrJ_InCeO7u8GPkn8vatrVX8DbapA",
  VAPID_PRIVATE_KEY: "lNFl57hJd0B6I9KMpRMVEKEk6HHY7gIZk2idWKDMALk",
};

describe("settingsProblems", () => {
  it("knows the example values .dev.vars.example ships with", () => {
    const example = parseEnv(readFileSync(join(import.meta.dirname, "..", "..", "..", ".dev.vars.example"), "utf8"));
    for (const [name, value] of Object.entries(EXAMPLE_SECRETS)) expect(example[name]).toBe(value);
  });

  it("passes a good deployed configuration and holds a local run to the provider alone", () => {
    expect(settingsProblems(good, true)).toEqual([]);
    expect(settingsProblems({ SITE_URL: "http://localhost:5002", ...EXAMPLE_SECRETS }, false)).toEqual([]);
    expect(settingsProblems({ QUANTUM_PROVIDER: "quantum" }, false)).toEqual(['QUANTUM_PROVIDER must be "simulator" or "ibm", not "quantum".']);
  });

  it.each([
    [{ SITE_URL: "http://bell.quantum-peace.org" }, "SITE_URL must start with https:// in a deployed environment."],
    [{ SITE_URL: "https://127.0.0.1" }, "SITE_URL points at this computer (localhost): set the site's public origin."],
    [{ SITE_URL: "https://bell.quantum-peace.org/app" }, "SITE_URL must be an origin only, without a path, query or fragment."],
    [{ SITE_URL: "bell" }, "SITE_URL is not a URL: it must be the site's public https origin, e.g. https://bell.example.org."],
    [{ HASH_SECRET: EXAMPLE_SECRETS.HASH_SECRET }, "HASH_SECRET is the example value from .dev.vars.example: set a new random one."],
    [{ HASH_SECRET: "short" }, "HASH_SECRET is shorter than 32 characters."],
    [{ SESSION_SECRET: " " }, "SESSION_SECRET is not set: it signs the admin's session cookie."],
    [{ ADMIN_PASSWORD: EXAMPLE_SECRETS.ADMIN_PASSWORD }, "ADMIN_PASSWORD is the example value from .dev.vars.example: set a new random one."],
    [{ QUANTUM_PROVIDER: "ibm" }, 'QUANTUM_PROVIDER is "ibm" but IBM_API_KEY and IBM_INSTANCE_CRN are not set.'],
    [{ SENTRY_DSN: "sentry please" }, "SENTRY_DSN is not a Sentry DSN (https://key@host/project-id)."],
    [{ CF_ACCESS_AUD: "aud" }, "CF_ACCESS_TEAM_DOMAIN and CF_ACCESS_AUD go together: set both or neither."],
  ])("names %o in one sentence", (change, sentence) => {
    expect(settingsProblems({ ...good, ...change }, true)).toEqual([sentence]);
  });

  it("lets Cloudflare Access replace the password", () => {
    expect(settingsProblems({ ...good, ADMIN_PASSWORD: "", CF_ACCESS_AUD: "a", CF_ACCESS_TEAM_DOMAIN: "t.cloudflareaccess.com" }, true)).toEqual([]);
  });
});

describe("deploymentProblems and deployedEnvironment", () => {
  it("finds the placeholders wrangler.toml ships with", () => {
    expect(deploymentProblems({ databaseIds: ["00000000-0000-0000-0000-000000000000"], routes: ["quantum-bell.example"] })).toHaveLength(2);
    expect(deploymentProblems({ databaseIds: ["6f1c2d3e-4a5b-4c6d-8e7f-901234567890"], routes: ["bell.org/*"] })).toEqual([]);
  });

  it("asks a deployed site for the VAPID pair, well formed, and a local run only for both or neither (issue 36)", () => {
    const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, ...without } = good;
    expect(settingsProblems(without, true)).toEqual([expect.stringContaining("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set")]);
    expect(settingsProblems({}, false)).toEqual([]);
    expect(settingsProblems({ VAPID_PUBLIC_KEY }, false)).toEqual(["VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither."]);
    expect(settingsProblems({ ...good, VAPID_PRIVATE_KEY: "short" }, true)).toEqual([expect.stringContaining("VAPID_PRIVATE_KEY is not a P-256 private key")]);
    expect(settingsProblems({ ...good, VAPID_PUBLIC_KEY: VAPID_PRIVATE_KEY + VAPID_PRIVATE_KEY }, true)).toEqual([expect.stringContaining("VAPID_PUBLIC_KEY is not an uncompressed")]);
    expect(settingsProblems({ ...good, VAPID_SUBJECT: "someone" }, true)).toEqual(["VAPID_SUBJECT must be an e-mail address push services can write to."]);
  });

  it("reads DEPLOY_ENV", () => {
    expect(deployedEnvironment(" Production ")).toBe("production");
    expect(deployedEnvironment(undefined)).toBeNull();
    expect(deployedEnvironment("dev")).toBeNull();
  });
});
