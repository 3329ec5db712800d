import { afterEach, describe, expect, it, vi } from "vitest";
import { EXAMPLE_SECRETS } from "~/domain/settings";
import { defaultSettings, parsedSettings, parseSettings, providerProblem, settingNames } from "~/server/edge/settings.server";

const good = {
  SITE_URL: "https://bell.quantum-peace.org",
  HASH_SECRET: "k1Hc9Zq4mW7vT2yB8nR5xL0pD3sF6gJ1aE",
  SESSION_SECRET: "u7Yt4Rr2Ee9Ww1Qq3Aa5Ss8Dd6Ff0Gg2Hh",
  ADMIN_PASSWORD: "correct horse battery staple",
  VAPID_PUBLIC_KEY: "BG89lkMSWGpi_sv_7jl07HuBaPvMvdsgksouvOltCK0aGxnzsTuX9DjFu2vrJ_InCeO7u8GPkn8vatrVX8DbapA",
  VAPID_PRIVATE_KEY: "lNFl57hJd0B6I9KMpRMVEKEk6HHY7gIZk2idWKDMALk",
};
const local = { HASH_SECRET: "test-hash-secret" };

describe("the settings schema: normalisation", () => {
  it("reads names in any case and with spaces, the way every module then sees them", () => {
    for (const written of ["Simulator", " SIMULATOR ", "simulator"]) expect(parseSettings({ ...local, QUANTUM_PROVIDER: written }).settings.QUANTUM_PROVIDER).toBe("simulator");
    expect(parseSettings({ ...local, QUANTUM_PROVIDER: " IBM ", IBM_API_KEY: "k", IBM_INSTANCE_CRN: "crn:v1:bluemix:public:quantum-computing:us-east:a/1::" }).settings.QUANTUM_PROVIDER).toBe("ibm");
    expect(parseSettings({ ...local, RELAY_BY: " Random " }).settings.RELAY_BY).toBe("random");
    expect(parseSettings({ ...local, DEPLOY_ENV: " Production ", ...good }).settings.DEPLOY_ENV).toBe("production");
  });

  it("trims text, drops a trailing slash from URLs, and reads blank as unset", () => {
    const { settings, problems } = parseSettings({
      ...local,
      SITE_URL: " https://bell.example.org/ ",
      SITE_NAME: "  ",
      CF_ACCESS_TEAM_DOMAIN: "https://team.cloudflareaccess.com/",
      CF_ACCESS_AUD: " aud ",
      IBM_API_URL: "https://api.example.org/v1/",
      MAP_TILE_URL: "OFF",
      IP_DAILY_WISH_LIMIT: " 25 ",
    });
    expect(problems).toEqual([]);
    expect(settings).toMatchObject({
      SITE_URL: "https://bell.example.org",
      SITE_NAME: "Quantum Bell",
      CF_ACCESS_TEAM_DOMAIN: "team.cloudflareaccess.com",
      CF_ACCESS_AUD: "aud",
      IBM_API_URL: "https://api.example.org/v1",
      MAP_TILE_URL: "off",
      IP_DAILY_WISH_LIMIT: 25,
    });
  });

  it("turns flags and numbers into booleans and numbers", () => {
    const { settings } = parseSettings({ ...local, WALL_ONE_PER_NETWORK: "0", D1_STATEMENT_LOG: "1", RING_COOLDOWN_SECONDS: "2", IBM_POLL_SECONDS: "2.5" });
    expect(settings).toMatchObject({ WALL_ONE_PER_NETWORK: false, D1_STATEMENT_LOG: true, RING_COOLDOWN_SECONDS: 2, IBM_POLL_SECONDS: 2.5 });
  });
});

describe("the settings schema: defaults", () => {
  it("gives the spec's and the code's numbers when nothing is set", () => {
    expect(defaultSettings()).toMatchObject({
      SITE_NAME: "Quantum Bell",
      SITE_URL: "http://localhost:5002",
      QUANTUM_PROVIDER: "simulator",
      IP_DAILY_WISH_LIMIT: 10,
      RING_COOLDOWN_SECONDS: 20,
      RING_NETWORK_COOLDOWN_SECONDS: 120,
      RING_NETWORK_RINGS_PER_HOUR: 6,
      RING_NETWORK_HOURLY_LIMIT: 30,
      WALL_ONE_PER_NETWORK: true,
      RELAY_COUNT: 2,
      RELAY_BY: "colo",
      IBM_REQUEST_TIMEOUT_MS: 15_000,
      IBM_JOB_CREATE_TIMEOUT_MS: 900_000,
      IBM_MAX_JOBS_PER_RING: 2,
      IBM_UNKNOWN_JOB_MAX_HOURS: 24,
      IBM_MONTHLY_BUDGET_SECONDS: null,
      SENTRY_DSN: null,
      DEPLOY_ENV: null,
    });
  });

  it("reads only what it knows: bindings and strangers are not settings", () => {
    const { settings } = parseSettings({ ...local, DB: {}, SOMETHING_ELSE: "x" });
    expect(Object.keys(settings).sort()).toEqual([...settingNames()].sort());
  });
});

describe("the settings schema: bounds", () => {
  it.each([
    ["RELAY_COUNT", ["0", "65", "2.5", "-2", "many"], 2],
    ["IP_DAILY_WISH_LIMIT", ["0", "1.5", "ten"], 10],
    ["RING_COOLDOWN_SECONDS", ["0", "-1", "soon"], 20],
    ["RING_NETWORK_RINGS_PER_HOUR", ["0", "x"], 6],
    ["IBM_MAX_JOBS_PER_RING", ["0", "2.5", "lots"], 2],
    ["IBM_UNKNOWN_JOB_MAX_HOURS", ["0", "-3"], 24],
    ["IBM_POLL_SECONDS", ["0", "soon"], 10],
  ])("%s out of bounds takes the default, with one sentence naming it", (name, values, fallback) => {
    for (const value of values) {
      const { settings, problems } = parseSettings({ ...local, [name]: value });
      expect(settings[name as keyof typeof settings], value).toBe(fallback);
      expect(problems).toEqual([expect.stringMatching(new RegExp(`^${name} must be .*; the default \\(${fallback}\\) is used\\.$`))]);
    }
  });

  it("keeps the bounds' own edges and cuts a network cooldown to the hour", () => {
    expect(parseSettings({ ...local, RELAY_COUNT: "64" }).settings.RELAY_COUNT).toBe(64);
    expect(parseSettings({ ...local, RELAY_COUNT: "1" }).settings.RELAY_COUNT).toBe(1);
    expect(parseSettings({ ...local, RING_NETWORK_COOLDOWN_SECONDS: "0" })).toMatchObject({ problems: [], settings: { RING_NETWORK_COOLDOWN_SECONDS: 0 } });
    expect(parseSettings({ ...local, RING_NETWORK_COOLDOWN_SECONDS: "7200" }).settings.RING_NETWORK_COOLDOWN_SECONDS).toBe(3600);
  });

  it("falls back to what keeps money safe where the default would not: a bad budget spends nothing, an unknown provider takes no ring", () => {
    expect(parseSettings({ ...local, IBM_MONTHLY_BUDGET_SECONDS: "0" })).toMatchObject({ problems: [], settings: { IBM_MONTHLY_BUDGET_SECONDS: 0 } });
    const budget = parseSettings({ ...local, IBM_MONTHLY_BUDGET_SECONDS: "a thousand" });
    expect(budget.settings.IBM_MONTHLY_BUDGET_SECONDS).toBe(0);
    expect(budget.problems).toEqual(["IBM_MONTHLY_BUDGET_SECONDS must be a number of seconds, 0 or more; no IBM job is created until it is fixed."]);
    const provider = parseSettings({ ...local, QUANTUM_PROVIDER: "dwave" });
    expect(provider.settings.QUANTUM_PROVIDER).toBeNull();
    expect(provider.problems).toEqual(['QUANTUM_PROVIDER must be "simulator" or "ibm"; no ring is taken until it is fixed.']);
    expect(providerProblem(provider.settings)).toBe(provider.problems[0]);
    const tiles = parseSettings({ ...local, MAP_TILE_URL: "http://tiles.example.org/{z}/{x}/{y}.png" });
    expect(tiles.settings.MAP_TILE_URL).toBe("off");
  });
});

describe("the settings schema: sentences", () => {
  const secretLooking = "zz-Secret-Value-9f8e7d6c5b4a";
  const bad: Record<string, string> = {
    QUANTUM_PROVIDER: `${secretLooking}-provider`,
    RELAY_COUNT: `${secretLooking}-relays`,
    SENTRY_DSN: `${secretLooking}-dsn`,
    MAIL_API_URL: `${secretLooking}-mail`,
    MAIL_FROM: `${secretLooking}-from`,
    IBM_API_URL: `ftp://${secretLooking}.example.org`,
    IBM_MONTHLY_BUDGET_SECONDS: `${secretLooking}-budget`,
    SITE_URL: `${secretLooking}-site`,
    HASH_SECRET: `${secretLooking}-hash`,
    DEPLOY_ENV: `${secretLooking}-env`,
  };

  it("names each bad setting once, in one sentence, and never says its value", () => {
    const { problems } = parseSettings(bad);
    expect(problems).toHaveLength(Object.keys(bad).length - 1);
    for (const name of Object.keys(bad).filter((name) => name !== "HASH_SECRET")) {
      expect(problems.filter((sentence) => sentence.startsWith(`${name} `)), name).toHaveLength(1);
    }
    for (const sentence of problems) {
      expect(sentence).toMatch(/^[A-Z][A-Z0-9_]+ .*\.$/);
      expect(sentence).not.toContain(secretLooking);
    }
  });

  it("holds a local run to what breaks a feature anywhere, and a deployed one to the production rules", () => {
    expect(parseSettings({ SITE_URL: "http://localhost:5002", ...EXAMPLE_SECRETS }).problems).toEqual([]);
    expect(parseSettings({}).problems).toEqual(["HASH_SECRET is not set: it keys every hash of a device or a network."]);
    expect(parseSettings(good, { deployed: true }).problems).toEqual([]);
    expect(parseSettings({ ...good, DEPLOY_ENV: "production" }).problems).toEqual([]);
  });

  it.each([
    [{ SITE_URL: "http://bell.quantum-peace.org" }, "SITE_URL must start with https:// in a deployed environment."],
    [{ SITE_URL: "https://127.0.0.1" }, "SITE_URL points at this computer (localhost): set the site's public origin."],
    [{ SITE_URL: "https://bell.quantum-peace.org/app" }, "SITE_URL must be an origin only, without a path, query or fragment."],
    [{ SITE_URL: "https://quantum-bell.example" }, "SITE_URL is still the placeholder host from wrangler.toml: set your domain."],
    [{ SITE_URL: "bell" }, "SITE_URL is not a URL: it must be the site's public https origin, e.g. https://bell.example.org; the default (http://localhost:5002) is used."],
    [{ SITE_URL: "" }, "SITE_URL is not set: it must be the site's public https origin."],
    [{ HASH_SECRET: EXAMPLE_SECRETS.HASH_SECRET }, "HASH_SECRET is the example value from .dev.vars.example: set a new random one."],
    [{ HASH_SECRET: "short" }, "HASH_SECRET is shorter than 32 characters."],
    [{ SESSION_SECRET: " " }, "SESSION_SECRET is not set: it signs the admin's session cookie."],
    [{ ADMIN_PASSWORD: EXAMPLE_SECRETS.ADMIN_PASSWORD }, "ADMIN_PASSWORD is the example value from .dev.vars.example: set a new random one."],
    [{ QUANTUM_PROVIDER: "ibm" }, 'QUANTUM_PROVIDER is "ibm" but IBM_API_KEY and IBM_INSTANCE_CRN are not set.'],
    [{ QUANTUM_PROVIDER: "ibm", IBM_API_KEY: "k", IBM_INSTANCE_CRN: "not-a-crn" }, "IBM_INSTANCE_CRN is not an instance CRN (crn:v1:…:region:a/…)."],
    [{ SENTRY_DSN: "sentry please" }, "SENTRY_DSN is not a Sentry DSN (https://key@host/project-id); nothing is sent to Sentry."],
    [{ CF_ACCESS_AUD: "aud" }, "CF_ACCESS_TEAM_DOMAIN and CF_ACCESS_AUD go together: set both or neither."],
  ])("deployed, names %o in one sentence", (change, sentence) => {
    expect(parseSettings({ ...good, ...change }, { deployed: true }).problems).toEqual([sentence]);
  });

  it("lets Cloudflare Access replace the password", () => {
    expect(parseSettings({ ...good, ADMIN_PASSWORD: "", CF_ACCESS_AUD: "a", CF_ACCESS_TEAM_DOMAIN: "t.cloudflareaccess.com" }, { deployed: true }).problems).toEqual([]);
  });
});

describe("the Web Push settings", () => {
  const problems = (values: Record<string, string>, deployed: boolean) => parseSettings(values, { deployed }).problems;

  it("asks a deployed site for the VAPID pair, well formed, and a local run only for both or neither", () => {
    const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, ...without } = good;
    expect(problems(without, true)).toEqual([expect.stringContaining("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set")]);
    expect(problems(local, false)).toEqual([]);
    expect(problems({ ...local, VAPID_PUBLIC_KEY }, false)).toEqual(["VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither."]);
    expect(problems({ ...good, VAPID_PRIVATE_KEY: "short" }, true)).toEqual([expect.stringContaining("VAPID_PRIVATE_KEY is not a P-256 private key")]);
    expect(problems({ ...good, VAPID_PUBLIC_KEY: VAPID_PRIVATE_KEY + VAPID_PRIVATE_KEY }, true)).toEqual([expect.stringContaining("VAPID_PUBLIC_KEY is not an uncompressed")]);
    expect(problems({ ...good, VAPID_SUBJECT: "someone" }, true)).toEqual([expect.stringContaining("VAPID_SUBJECT must be an e-mail address push services can write to")]);
    for (const sentence of problems({ ...good, VAPID_PRIVATE_KEY: "short", VAPID_SUBJECT: "someone" }, true)) expect(sentence).not.toContain("short");
  });

  it("drops mailto: from the subject and reads the extra push hosts as a list", () => {
    const { settings } = parseSettings({ ...good, VAPID_SUBJECT: "mailto:ops@bell.org", PUSH_SERVICE_HOSTS: " 127.0.0.1:9443 , push.example " });
    expect(settings.VAPID_SUBJECT).toBe("ops@bell.org");
    expect(settings.PUSH_SERVICE_HOSTS).toEqual(["127.0.0.1:9443", "push.example"]);
  });
});

describe("the settings of a running Worker", () => {
  afterEach(() => vi.restoreAllMocks());

  it("are parsed once per env object, and each problem is logged once as a JSON line naming the setting", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const env = { ...local, RELAY_COUNT: "lots-and-lots" } as unknown as Env;
    const first = parsedSettings(env);
    expect(parsedSettings(env)).toBe(first);
    parsedSettings({ ...env });
    const lines = warn.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
    expect(lines).toEqual([expect.objectContaining({ level: "warn", message: "settings problem", problem: "RELAY_COUNT must be a whole number from 1 to 64; the default (2) is used." })]);
    expect(JSON.stringify(lines)).not.toContain("lots-and-lots");
  });
});
