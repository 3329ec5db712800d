import "~/domain/zod-config";
import { z } from "zod";
import {
  DEFAULT_NETWORK_DAILY_WISH_LIMIT,
  HOUR_MS,
  LOCAL_PORT,
  RING_COOLDOWN_SECONDS,
  RING_NETWORK_COOLDOWN_SECONDS,
  RING_NETWORK_RINGS_PER_HOUR,
  RINGS_PER_NETWORK_PER_HOUR,
} from "~/domain/limits";
import { tileOrigin, TILES_OFF } from "~/domain/map-tiles";
import { crnRegion } from "~/domain/quantum-config";
import { DEFAULT_RELAYS, MAX_RELAYS } from "~/domain/relays";
import * as D from "~/domain/ring-job-defaults";
import { DEPLOYED_ENVIRONMENTS, EXAMPLE_SECRETS, PLACEHOLDER_HOST, VAPID_PRIVATE_KEY_PATTERN, VAPID_PUBLIC_KEY_PATTERN } from "~/domain/settings";
import { DEFAULT_SITE_NAME } from "~/domain/site";
import { DONATION_SETTINGS, type DonationSetting } from "~/domain/donations";
import { log } from "./log.server";

/**
 * The Worker's settings (its [vars] and secrets), parsed once into one typed, normalised object (docs/operations.md#watching-it-run, ADR 0052;
 * Epic Stack's env.server.ts is the model). Every module takes its settings from `settingsOf(env)`; bindings (D1, the
 * Durable Object namespaces, Analytics Engine) stay on `env`. Bounds and defaults are written here once, and
 * `npm run check:production` parses the same schema offline.
 *
 * A bad setting never stops the site: it gives one sentence naming the setting (never its value), shown in the log,
 * /admin/operations and /healthz, and the setting takes its default, or the fallback that keeps the operator's money
 * safe (a budget that is not a number spends nothing, a provider we do not know takes no ring).
 */

interface Problem {
  setting: string;
  sentence: string;
}

/** Blank and absent are the same: unset. Anything else is trimmed, so " IBM " and "ibm" read alike. */
const unset = (value: unknown) => (typeof value === "string" ? (value.trim() === "" ? undefined : value.trim()) : value === null ? undefined : value);

const PROVIDER_RULE = 'must be "simulator" or "ibm"; no ring is taken until it is fixed';
/** What SITE_URL is on a laptop, when unset. */
const LOCAL_SITE_URL = `http://localhost:${LOCAL_PORT}`;

/**
 * One entry per setting: its zod schema (blank → default), and the sentence a bad value gives. `fallback` replaces
 * the default when a bad value must not quietly become it.
 */
function definitions() {
  const setting = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema);
  const number = (rule: { min: number; max?: number; int?: boolean; above?: boolean }) => {
    let schema = z.coerce.number().refine(Number.isFinite);
    schema = rule.above ? schema.refine((n) => n > rule.min) : schema.refine((n) => n >= rule.min);
    if (rule.max !== undefined) schema = schema.refine((n) => n <= rule.max!);
    if (rule.int) schema = schema.refine(Number.isInteger);
    return schema;
  };
  const text = z.string();
  const flag = z.enum(["0", "1"]).transform((value) => value === "1");
  const web = z.url({ protocol: /^https?$/ });
  const fields = {
    DEPLOY_ENV: {
      schema: setting(z.string().toLowerCase().pipe(z.enum(DEPLOYED_ENVIRONMENTS)).nullable().default(null)),
      rule: `must be "staging" or "production" (or unset on a laptop); this Worker runs as a local one`,
    },
    SITE_NAME: { schema: setting(text.default(DEFAULT_SITE_NAME)), rule: "" },
    SITE_URL: {
      schema: setting(
        web.transform((url) => url.replace(/\/+$/, "")).default(LOCAL_SITE_URL),
      ),
      rule: "is not a URL: it must be the site's public https origin, e.g. https://bell.example.org",
    },
    QUANTUM_PROVIDER: {
      schema: setting(z.string().toLowerCase().pipe(z.enum(["simulator", "ibm"])).default("simulator")),
      rule: PROVIDER_RULE,
      fallback: null,
    },
    IP_DAILY_WISH_LIMIT: { schema: setting(number({ min: 1, int: true }).default(DEFAULT_NETWORK_DAILY_WISH_LIMIT)), rule: "must be a whole number of 1 or more" },
    SIMULATOR_START_SECONDS: { schema: setting(number({ min: 0 }).default(0)), rule: "must be a number of seconds, 0 or more" },
    RING_COOLDOWN_SECONDS: { schema: setting(number({ min: 0, above: true }).default(RING_COOLDOWN_SECONDS)), rule: "must be a number of seconds above 0" },
    RING_NETWORK_COOLDOWN_SECONDS: {
      // 0 is a valid choice (no per-network cooldown); a cooldown longer than the hour's window is cut to it.
      schema: setting(number({ min: 0 }).transform((seconds) => Math.min(HOUR_MS / 1000, seconds)).default(RING_NETWORK_COOLDOWN_SECONDS)),
      rule: "must be a number of seconds, 0 or more",
    },
    RING_NETWORK_RINGS_PER_HOUR: { schema: setting(number({ min: 1, int: true }).default(RING_NETWORK_RINGS_PER_HOUR)), rule: "must be a whole number of 1 or more" },
    RING_NETWORK_HOURLY_LIMIT: { schema: setting(number({ min: 1, int: true }).default(RINGS_PER_NETWORK_PER_HOUR)), rule: "must be a whole number of 1 or more" },
    WALL_ONE_PER_NETWORK: { schema: setting(flag.default(true)), rule: 'must be "0" (off) or "1" (on)' },
    RELAY_COUNT: { schema: setting(number({ min: 1, max: MAX_RELAYS, int: true }).default(DEFAULT_RELAYS)), rule: `must be a whole number from 1 to ${MAX_RELAYS}` },
    RELAY_BY: { schema: setting(z.string().toLowerCase().pipe(z.enum(["colo", "random"])).default("colo")), rule: 'must be "colo" or "random"' },
    D1_STATEMENT_LOG: { schema: setting(flag.default(false)), rule: 'must be "0" or "1"' },
    RELAY_TIMING_LOG: { schema: setting(flag.default(false)), rule: 'must be "0" or "1"' },
    HASH_SECRET: { schema: setting(text.default("")), rule: "" },
    SESSION_SECRET: { schema: setting(text.default("")), rule: "" },
    ADMIN_PASSWORD: { schema: setting(text.nullable().default(null)), rule: "" },
    CF_ACCESS_TEAM_DOMAIN: {
      schema: setting(text.transform((team) => team.replace(/^https?:\/\//, "").replace(/\/+$/, "")).nullable().default(null)),
      rule: "",
    },
    CF_ACCESS_AUD: { schema: setting(text.nullable().default(null)), rule: "" },
    SENTRY_DSN: {
      schema: setting(z.string().regex(/^https?:\/\/[^@/\s]+@[^/\s]+\/.*\d+$/).nullable().default(null)),
      rule: "is not a Sentry DSN (https://key@host/project-id); nothing is sent to Sentry",
    },
    OPERATOR_NAME: { schema: setting(text.nullable().default(null)), rule: "" },
    OPERATOR_CONTACT: { schema: setting(text.nullable().default(null)), rule: "" },
    ...donationFields(setting),
    ALERT_WEBHOOK_URL: { schema: setting(web.nullable().default(null)), rule: "must be an http(s) URL; alerts go only to OPERATOR_CONTACT's address until it is fixed" },
    MAP_TILE_URL: {
      // "off", or an https {z}/{x}/{y} template; unset is OpenStreetMap's public tiles (app/domain/map-tiles.ts).
      schema: setting(
        z
          .string()
          .refine((url) => url.toLowerCase() === TILES_OFF || tileOrigin(url) !== null)
          .transform((url) => (url.toLowerCase() === TILES_OFF ? TILES_OFF : url))
          .nullable()
          .default(null),
      ),
      rule: 'must be an https tile template ({z}/{x}/{y}) or "off"; the map draws its own shapes until it is fixed',
      fallback: TILES_OFF,
    },
    MAP_TILE_ATTRIBUTION: { schema: setting(text.nullable().default(null)), rule: "" },
    MAP_TILE_PROVIDER: { schema: setting(text.nullable().default(null)), rule: "" },
    MAIL_API_URL: { schema: setting(web.nullable().default(null)), rule: "must be an http(s) URL; mail is held in the outbox until it is fixed" },
    MAIL_API_KEY: { schema: setting(text.nullable().default(null)), rule: "" },
    MAIL_FROM: { schema: setting(z.email().nullable().default(null)), rule: "must be an e-mail address; mail goes from no-reply@ the site's host" },
    MAIL_PROVIDER: { schema: setting(text.nullable().default(null)), rule: "" },
    // Web Push (ADR 0059): the VAPID pair as base64url, checked together in crossProblems.
    VAPID_PUBLIC_KEY: {
      schema: setting(z.string().regex(VAPID_PUBLIC_KEY_PATTERN).nullable().default(null)),
      rule: "is not an uncompressed P-256 public key in base64url (87 characters starting with B); no push is sent",
    },
    VAPID_PRIVATE_KEY: {
      schema: setting(z.string().regex(VAPID_PRIVATE_KEY_PATTERN).nullable().default(null)),
      rule: "is not a P-256 private key in base64url (43 characters); no push is sent",
    },
    VAPID_SUBJECT: {
      schema: setting(z.string().regex(/^(mailto:)?[^\s@:]+@[^\s@]+\.[^\s@]+$/i).transform((subject) => subject.replace(/^mailto:/i, "")).nullable().default(null)),
      rule: "must be an e-mail address push services can write to; MAIL_FROM or no-reply@ the site's host is used",
    },
    PUSH_SERVICE_HOSTS: {
      schema: setting(text.transform((hosts) => hosts.split(",").map((host) => host.trim()).filter(Boolean)).nullable().default(null)),
      rule: "",
    },
    IBM_API_KEY: { schema: setting(text.nullable().default(null)), rule: "" },
    IBM_INSTANCE_CRN: { schema: setting(text.nullable().default(null)), rule: "" },
    IBM_BACKEND: { schema: setting(text.nullable().default(null)), rule: "" },
    // http is allowed: the test lanes point these at local stand-ins of IBM's services.
    IBM_API_URL: { schema: setting(web.transform((url) => url.replace(/\/+$/, "")).nullable().default(null)), rule: "must be an http(s) URL; the host follows IBM_INSTANCE_CRN" },
    IBM_IAM_URL: { schema: setting(web.nullable().default(null)), rule: "must be an http(s) URL; IBM's own IAM host is used" },
    IBM_REQUEST_TIMEOUT_MS: { schema: setting(number({ min: 1 }).default(D.DEFAULT_REQUEST_TIMEOUT_MS)), rule: "must be a number of milliseconds above 0" },
    IBM_JOB_CREATE_TIMEOUT_MS: { schema: setting(number({ min: 1 }).default(D.DEFAULT_JOB_CREATE_TIMEOUT_MS)), rule: "must be a number of milliseconds above 0" },
    IBM_POLL_SECONDS: { schema: setting(number({ min: 0, above: true }).default(D.DEFAULT_IBM_POLL_SECONDS)), rule: "must be a number of seconds above 0" },
    IBM_JOBS_PER_MINUTE: { schema: setting(number({ min: 0, above: true }).default(D.DEFAULT_JOBS_PER_MINUTE)), rule: "must be a number above 0" },
    IBM_MAX_QUEUE_MINUTES: { schema: setting(number({ min: 0, above: true }).default(D.DEFAULT_MAX_QUEUE_MINUTES)), rule: "must be a number of minutes above 0" },
    IBM_MAX_JOBS_PER_RING: { schema: setting(number({ min: 1, int: true }).default(D.DEFAULT_MAX_JOBS_PER_RING)), rule: "must be a whole number of 1 or more" },
    IBM_UNKNOWN_JOB_MAX_HOURS: { schema: setting(number({ min: 0, above: true }).default(D.DEFAULT_UNKNOWN_JOB_MAX_HOURS)), rule: "must be a number of hours above 0" },
    IBM_MONTHLY_BUDGET_SECONDS: {
      // 0 is a real ceiling (spend nothing); a value that is not a number counts as 0, so a typo stops spending
      // rather than lifting the ceiling.
      schema: setting(number({ min: 0 }).nullable().default(null)),
      rule: "must be a number of seconds, 0 or more; no IBM job is created until it is fixed",
      fallback: 0,
    },
  } satisfies Record<string, { schema: z.ZodType; rule: string; fallback?: unknown }>;
  return fields;
}

/** The donation pages (app/domain/donations.ts): each an https page of the operator's, its tile hidden while unset. */
function donationFields(setting: <T extends z.ZodType>(schema: T) => z.ZodPreprocess<T, unknown>) {
  const page = { schema: setting(z.url({ protocol: /^https$/ }).nullable().default(null)), rule: "must be an https URL; its donation tile is hidden until it is fixed" };
  return Object.fromEntries(DONATION_SETTINGS.map((name) => [name, page])) as Record<DonationSetting, typeof page>;
}

type Fields = ReturnType<typeof definitions>;
export type SettingName = keyof Fields;
export type Settings = { readonly [Name in SettingName]: z.output<Fields[Name]["schema"]> };

export interface ParsedSettings {
  settings: Settings;
  /** One sentence per setting that is wrong, naming it and never its value. */
  problems: string[];
}

let built: { fields: Fields; schema: z.ZodObject } | undefined;

/** The schema is built on first use, not at import: start-up time is budgeted (ADR 0035). */
function schema() {
  if (!built) {
    const fields = definitions();
    const shape = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.schema]));
    built = { fields, schema: z.object(shape) };
  }
  return built;
}

/** Every setting the schema knows, with its default as the README's table shows it (null: none, or unset). */
export function settingNames(): SettingName[] {
  return Object.keys(schema().fields) as SettingName[];
}

export function defaultSettings(): Settings {
  return schema().schema.parse({}) as Settings;
}

const MIN_SECRET_LENGTH = 32;
const LOCAL_HOSTS = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i;

function deployedSiteUrlProblem(value: string | undefined, parsed: string): string | null {
  if (value === undefined) return "SITE_URL is not set: it must be the site's public https origin.";
  const url = new URL(parsed);
  if (url.protocol !== "https:") return "SITE_URL must start with https:// in a deployed environment.";
  if (LOCAL_HOSTS.test(url.hostname)) return "SITE_URL points at this computer (localhost): set the site's public origin.";
  if (PLACEHOLDER_HOST.test(url.hostname)) return "SITE_URL is still the placeholder host from wrangler.toml: set your domain.";
  if (url.pathname !== "/" || url.search || url.hash) return "SITE_URL must be an origin only, without a path, query or fragment.";
  return null;
}

function secretProblem(name: keyof typeof EXAMPLE_SECRETS, value: string | null, purpose: string, deployed: boolean): string | null {
  if (!value) return `${name} is not set: ${purpose}.`;
  if (!deployed) return null;
  if (value === EXAMPLE_SECRETS[name]) return `${name} is the example value from .dev.vars.example: set a new random one.`;
  if (name !== "ADMIN_PASSWORD" && value.length < MIN_SECRET_LENGTH) return `${name} is shorter than ${MIN_SECRET_LENGTH} characters.`;
  return null;
}

/** Why the IBM provider cannot run (names of settings, never their values), or null when it can. */
export function ibmProblem(settings: { IBM_API_KEY: string | null; IBM_INSTANCE_CRN: string | null }): string | null {
  const missing = (["IBM_API_KEY", "IBM_INSTANCE_CRN"] as const).filter((key) => !settings[key]);
  if (missing.length > 0) return `QUANTUM_PROVIDER is "ibm" but ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set.`;
  if (!crnRegion(settings.IBM_INSTANCE_CRN!)) return "IBM_INSTANCE_CRN is not an instance CRN (crn:v1:…:region:a/…).";
  return null;
}

/** What stops the configured provider, or null when it is ready. */
export function providerProblem(settings: Pick<Settings, "QUANTUM_PROVIDER" | "IBM_API_KEY" | "IBM_INSTANCE_CRN">): string | null {
  if (settings.QUANTUM_PROVIDER === null) return `QUANTUM_PROVIDER ${PROVIDER_RULE}.`;
  return settings.QUANTUM_PROVIDER === "ibm" ? ibmProblem(settings) : null;
}

/**
 * The rules between settings, and a deployed environment's stricter ones (`deployed`: its [vars] and secrets are held
 * to what `npm run check:production` asks). A local run is held to what breaks a feature wherever it runs.
 */
function crossProblems(settings: Settings, raw: Record<string, unknown>, deployed: boolean): Problem[] {
  const problems: Problem[] = [];
  const add = (setting: string, sentence: string | null) => sentence && problems.push({ setting, sentence });
  if (deployed) add("SITE_URL", deployedSiteUrlProblem(unset(raw.SITE_URL) as string | undefined, settings.SITE_URL));
  add("HASH_SECRET", secretProblem("HASH_SECRET", settings.HASH_SECRET, "it keys every hash of a device or a network", deployed));
  if (deployed) add("SESSION_SECRET", secretProblem("SESSION_SECRET", settings.SESSION_SECRET, "it signs the admin's session cookie", true));
  // With Cloudflare Access in front of /admin the password is optional (docs/operations.md), never the example.
  const accessOnly = !settings.ADMIN_PASSWORD && settings.CF_ACCESS_AUD !== null;
  if (deployed && !accessOnly) add("ADMIN_PASSWORD", secretProblem("ADMIN_PASSWORD", settings.ADMIN_PASSWORD, "nobody can sign in to /admin", true));
  if (settings.QUANTUM_PROVIDER === "ibm") add("QUANTUM_PROVIDER", ibmProblem(settings));
  const vapidSet = [raw.VAPID_PUBLIC_KEY, raw.VAPID_PRIVATE_KEY].filter((value) => unset(value) !== undefined).length;
  if (vapidSet === 1) add("VAPID_PRIVATE_KEY", "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither.");
  else if (vapidSet === 0 && deployed) {
    add("VAPID_PUBLIC_KEY", "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: visitors cannot be told by Web Push when their wish rings (`node scripts/vapid-keys.mjs` makes a pair).");
  }
  if ((settings.CF_ACCESS_AUD === null) !== (settings.CF_ACCESS_TEAM_DOMAIN === null)) {
    add("CF_ACCESS_AUD", "CF_ACCESS_TEAM_DOMAIN and CF_ACCESS_AUD go together: set both or neither.");
  }
  return problems;
}

/**
 * Parses settings from any bag of strings (the Worker's env, or `wrangler.toml`'s vars and a secrets file offline).
 * `deployed` defaults to what DEPLOY_ENV says.
 */
export function parseSettings(raw: Record<string, unknown>, options: { deployed?: boolean } = {}): ParsedSettings {
  const { fields, schema: object } = schema();
  const strings = Object.fromEntries(Object.keys(fields).map((name) => [name, typeof raw[name] === "string" ? raw[name] : undefined]));
  const first = object.safeParse(strings);
  const problems: Problem[] = [];
  let settings: Record<string, unknown>;
  if (first.success) settings = first.data;
  else {
    const bad = new Set(first.error.issues.map((issue) => String(issue.path[0])));
    const clean = Object.fromEntries(Object.entries(strings).filter(([name]) => !bad.has(name)));
    settings = object.parse(clean);
    for (const name of Object.keys(fields) as SettingName[]) {
      if (!bad.has(name)) continue;
      const field: { rule: string; fallback?: unknown } = fields[name];
      if ("fallback" in field) settings[name] = field.fallback;
      const fallback = "fallback" in field ? "" : defaultWords(settings[name]);
      problems.push({ setting: name, sentence: `${name} ${field.rule || "is not valid"}${fallback}.` });
    }
  }
  const typed = settings as Settings;
  const deployed = options.deployed ?? typed.DEPLOY_ENV !== null;
  const named = new Set(problems.map((problem) => problem.setting));
  for (const problem of crossProblems(typed, strings, deployed)) {
    if (!named.has(problem.setting)) problems.push(problem);
    named.add(problem.setting);
  }
  return { settings: typed, problems: problems.map((problem) => problem.sentence.replace(/\.\.$/, ".")) };
}

function defaultWords(value: unknown): string {
  if (value === null || value === "" || value === undefined) return "";
  return `; the default (${String(value)}) is used`;
}

const parsed = new WeakMap<object, ParsedSettings>();
const logged = new Set<string>();

/**
 * The parsed settings of this env, once per env object: a request's env, a Durable Object's (parse it in the
 * constructor). Each problem is logged once per isolate, not once per request.
 */
export function parsedSettings(env: Env | Record<string, unknown>): ParsedSettings {
  let result = parsed.get(env);
  if (!result) {
    result = parseSettings(env as Record<string, unknown>);
    parsed.set(env, result);
    for (const problem of result.problems) {
      if (logged.has(problem)) continue;
      logged.add(problem);
      log("warn", "settings problem", { problem });
    }
  }
  return result;
}

export function settingsOf(env: Env | Record<string, unknown>): Settings {
  return parsedSettings(env).settings;
}

/** Each problem with this Worker's settings, one sentence each, naming settings and never their values. */
export function runtimeSettingsProblems(env: Env): string[] {
  return parsedSettings(env).problems;
}

/** Workers Analytics Engine (a binding, not a setting): declared for staging and production only. */
export function metricsDataset(env: Env): AnalyticsEngineDataset | null {
  const dataset = env.METRICS;
  return dataset && typeof dataset.writeDataPoint === "function" ? dataset : null;
}

/** The Worker's version (Cloudflare's version metadata binding), named in error reports when bound. */
export function workerVersion(env: Env): string | undefined {
  return env.CF_VERSION_METADATA?.id;
}

export interface PushSettings {
  publicKey: string;
  privateJwk: JsonWebKey;
  /** An e-mail address, without "mailto:" (the library adds it). */
  subject: string;
  extraHosts: string[];
}

/** Web Push's settings, or null when the operator has not set a well-formed VAPID pair (the site then offers no push). */
export function pushSettings(env: Env): PushSettings | null {
  const settings = settingsOf(env);
  const [publicKey, d] = [settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY];
  if (!publicKey || !d) return null;
  const point = Uint8Array.from(atob(publicKey.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const coordinate = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const subject = settings.VAPID_SUBJECT || settings.MAIL_FROM || `no-reply@${new URL(settings.SITE_URL).hostname}`;
  return {
    publicKey,
    privateJwk: { kty: "EC", crv: "P-256", x: coordinate(point.slice(1, 33)), y: coordinate(point.slice(33, 65)), d },
    subject,
    extraHosts: [...(settings.PUSH_SERVICE_HOSTS ?? [])],
  };
}
