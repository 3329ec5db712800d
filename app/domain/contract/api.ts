import "~/domain/zod-config";
import { z } from "zod";
import { onFirstUse } from "~/domain/on-first-use";
import { ERROR_CODE } from "~/domain/error-codes";
import { BELL_HISTORY_PAGE_SIZE, REPORT_REASON_MAX_LENGTH, WALL_MAX_PAGE_SIZE } from "~/domain/limits";
import { LAT_SENTENCE, LON_SENTENCE, REPORT_REASON_INVALID, REQUEST_BODY_INVALID } from "~/domain/messages";
import { pushSubscriptionSchema } from "~/domain/push";
import { optionalVisitorText } from "~/domain/text";
import { fingerprintSchema, friendWishSchema, resonateSchema, ringRequestSchema, wallQuerySchema, wishSubmitSchema } from "~/domain/wish";
import { endpoint, success } from "./endpoint";
import { CSP_REPORT_PATH } from "./paths";
import { liveActivitySchema, mapCountrySchema, publicWishSchema, ringHistoryItemSchema, ringResponseSchema, siteStatsSchema, wallPageSchema } from "./shapes";

// Paging is clamped, never refused: a hand-edited link still gets a page.
const clamp = (fallback: number, max: number) =>
  z.preprocess((v) => {
    const n = Number.parseInt(String(v ?? ""), 10);
    return Number.isFinite(n) ? Math.min(max, Math.max(1, n)) : fallback;
  }, z.number());

const historyQuerySchema = onFirstUse(() =>
  z.object({
    page: clamp(1, 100_000),
    pageSize: clamp(BELL_HISTORY_PAGE_SIZE, WALL_MAX_PAGE_SIZE),
  }),
);

const coordinatesSchema = onFirstUse(() =>
  z.object({
    lat: z.coerce.number({ error: LAT_SENTENCE }).min(-90, { error: LAT_SENTENCE }).max(90, { error: LAT_SENTENCE }),
    lon: z.coerce.number({ error: LON_SENTENCE }).min(-180, { error: LON_SENTENCE }).max(180, { error: LON_SENTENCE }),
  }),
);

const reportSchema = onFirstUse(() =>
  z.object(
    {
      deviceFingerprint: fingerprintSchema,
      reason: optionalVisitorText(REPORT_REASON_MAX_LENGTH, REPORT_REASON_INVALID),
    },
    { error: REQUEST_BODY_INVALID },
  ),
);

const withdrawSchema = onFirstUse(() => z.object({ deviceFingerprint: fingerprintSchema }, { error: REQUEST_BODY_INVALID }));
const pushRequestSchema = onFirstUse(() =>
  z.object({ deviceFingerprint: fingerprintSchema, subscription: pushSubscriptionSchema }, { error: REQUEST_BODY_INVALID }),
);

const wishes = onFirstUse(() => z.array(publicWishSchema));
const connected = onFirstUse(() => z.object({ connected: z.boolean() }));
const BAD_INPUT = [ERROR_CODE.invalidRequest, ERROR_CODE.invalidField] as const;

/**
 * Every call of the JSON API (docs/api.md#calls), once. A new endpoint is a declaration here and a route module
 * `app/routes/api.….ts` that serves it with `apiRoute` (docs/architecture.md).
 */
export const API = {
  countries: endpoint({ method: "GET", path: "/api/countries", output: () => success({ countries: z.array(z.string()) }) }),
  reverseGeocode: endpoint({
    method: "GET",
    path: "/api/reverse-geocode",
    inputIn: "query",
    input: coordinatesSchema,
    output: () => success({ address: z.object({ country: z.string(), countryCode: z.string() }).nullable() }),
    errors: BAD_INPUT,
  }),
  recentWishes: endpoint({ method: "GET", path: "/api/wishes", output: () => success({ wishes }) }),
  submitWish: endpoint({
    method: "POST",
    path: "/api/wishes",
    inputIn: "body",
    input: wishSubmitSchema,
    output: () => success({ wishId: z.string(), forPath: z.string().optional() }),
    errors: [...BAD_INPUT, ERROR_CODE.dailyLimit, ERROR_CODE.rateLimited],
  }),
  getWish: endpoint({
    method: "GET",
    path: "/api/wishes/:id",
    output: () => z.object({ ...publicWishSchema.shape, success: z.literal(true) }),
    errors: [ERROR_CODE.notFound],
  }),
  withdrawWish: endpoint({
    method: "DELETE",
    path: "/api/wishes/:id",
    inputIn: "body",
    input: withdrawSchema,
    output: () => success({ withdrawn: z.literal(true) }),
    errors: [...BAD_INPUT, ERROR_CODE.notFound, ERROR_CODE.forbidden],
  }),
  pendingWishes: endpoint({ method: "GET", path: "/api/wishes/status/pending", output: () => success({ wishes }) }),
  wall: endpoint({
    method: "GET",
    path: "/api/wishes/wall",
    inputIn: "query",
    input: wallQuerySchema,
    output: () => wallPageSchema.extend({ success: z.literal(true) }),
    errors: BAD_INPUT,
  }),
  liveActivity: endpoint({ method: "GET", path: "/api/wishes/live-activity", output: () => success({ activities: z.array(liveActivitySchema) }) }),
  resonate: endpoint({
    method: "POST",
    path: "/api/wishes/:id/resonate",
    inputIn: "body",
    input: resonateSchema,
    output: () => success({ alreadyResonated: z.boolean(), newCount: z.number() }),
    errors: [...BAD_INPUT, ERROR_CODE.notFound, ERROR_CODE.rateLimited],
  }),
  report: endpoint({
    method: "POST",
    path: "/api/wishes/:id/report",
    inputIn: "body",
    input: reportSchema,
    output: () => success({ alreadyReported: z.boolean() }),
    errors: [...BAD_INPUT, ERROR_CODE.notFound, ERROR_CODE.rateLimited],
  }),
  subscribePush: endpoint({
    method: "POST",
    path: "/api/wishes/:id/push",
    inputIn: "body",
    input: pushRequestSchema,
    output: () => success({ subscribed: z.literal(true) }),
    errors: [...BAD_INPUT, ERROR_CODE.notFound, ERROR_CODE.forbidden, ERROR_CODE.conflict, ERROR_CODE.rateLimited],
  }),
  pushKey: endpoint({ method: "GET", path: "/api/push/key", output: () => success({ publicKey: z.string() }), errors: [ERROR_CODE.notFound] }),
  sendWishToFriend: endpoint({
    method: "POST",
    path: "/api/send-wish-to-friend",
    inputIn: "body",
    input: friendWishSchema,
    output: () => success({}),
    errors: [...BAD_INPUT, ERROR_CODE.rateLimited, ERROR_CODE.unavailable],
  }),
  stats: endpoint({ method: "GET", path: "/api/stats", output: () => success({ stats: siteStatsSchema }) }),
  creditsRemaining: endpoint({
    method: "GET",
    path: "/api/quantum-credits-remaining",
    output: () => success({ seconds: z.number().nullable(), instanceId: z.string(), unlimited: z.literal(true).optional() }),
    errors: [ERROR_CODE.unavailable],
  }),
  mapCountries: endpoint({
    method: "GET",
    path: "/api/map/countries",
    // `lang` names the language of the countries' labels; anything else reads as English.
    inputIn: "query",
    input: () => z.object({ lang: z.string().optional() }),
    output: () => success({ countries: z.array(mapCountrySchema) }),
  }),
  ringHistory: endpoint({
    method: "GET",
    path: "/api/bell/history",
    inputIn: "query",
    input: historyQuerySchema,
    output: () => success({ history: z.array(ringHistoryItemSchema), total: z.number() }),
  }),
  ring: endpoint({
    method: "POST",
    path: "/api/bell/ring",
    inputIn: "body",
    input: ringRequestSchema,
    output: ringResponseSchema,
    errors: [...BAD_INPUT, ERROR_CODE.cooldown, ERROR_CODE.rateLimited, ERROR_CODE.noPendingWishes, ERROR_CODE.outOfCredits, ERROR_CODE.unavailable],
  }),
  health: endpoint({
    method: "GET",
    path: "/api/infrastructure/health",
    output: () => success({ database: connected, cache: connected, redis: connected, quantum: z.looseObject({}).optional() }),
  }),
  // The token (`t`) is read by the route itself: a bad one is refused with the mail-stop page's own sentence.
  unsubscribe: endpoint({
    method: "POST",
    path: "/api/mail/unsubscribe",
    output: () => success({ unsubscribed: z.literal(true) }),
    errors: [ERROR_CODE.invalidRequest],
  }),
  // Browsers send their own report shapes (parsed by `parseCspReports`) and read no answer: a 204.
  cspReport: endpoint({ method: "POST", path: CSP_REPORT_PATH, output: () => z.null(), errors: [ERROR_CODE.invalidRequest, ERROR_CODE.rateLimited] }),
} as const;

export type Api = typeof API;
