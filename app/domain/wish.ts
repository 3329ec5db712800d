import "./zod-config";
import { z } from "zod";
import { onFirstUse } from "./on-first-use";
import { FINGERPRINT_PATTERN } from "./fingerprint";
import {
  COUNTRY_MAX_LENGTH,
  FRIEND_MESSAGE_MAX_LENGTH,
  LATITUDE_LIMIT,
  LOCATION_MAX_LENGTH,
  LONGITUDE_LIMIT,
  NAME_MAX_LENGTH,
  RING_BATCH_SIZE,
  WALL_DEFAULT_PAGE_SIZE,
  WALL_MAX_PAGE_SIZE,
  WISH_ID_MAX_LENGTH,
  WISH_MAX_LENGTH,
  WISH_MIN_LENGTH,
} from "./limits";
import {
  COUNTRY_INVALID,
  EMAIL_INVALID,
  FINGERPRINT_INVALID,
  FOR_NAME_INVALID,
  FRIEND_EMAIL_INVALID,
  FRIEND_MESSAGE_TOO_LONG,
  FRIEND_WISH_REQUIRED,
  LATITUDE_INVALID,
  LOCATION_INVALID,
  LONGITUDE_INVALID,
  NAME_INVALID,
  REQUEST_BODY_INVALID,
  RING_TOO_MANY_WISHES,
  RING_WISH_ID_INVALID,
  RING_WISH_IDS_INVALID,
  TIMESTAMP_INVALID,
  WALL_SORT_INVALID,
  WALL_THEME_INVALID,
  WALL_TIME_FILTER_INVALID,
  WISH_NOT_TEXT,
  WISH_REQUIRED,
  WISH_TOO_LONG,
  WISH_TOO_SHORT,
} from "./messages";
import { optionalVisitorText, visitorText } from "./text";
import { WALL_SORTS, WALL_THEME_FILTERS, WALL_TIME_FILTERS } from "./wish-rules";

export * from "./wish-rules";


export const wishTextSchema = onFirstUse(() =>
  visitorText((issue) => (issue.input == null ? WISH_REQUIRED : WISH_NOT_TEXT), true)
    .min(1, { error: WISH_REQUIRED, abort: true })
    .min(WISH_MIN_LENGTH, { error: WISH_TOO_SHORT })
    .max(WISH_MAX_LENGTH, { error: WISH_TOO_LONG }),
);

export const fingerprintSchema = onFirstUse(() =>
  z
    .string({ error: FINGERPRINT_INVALID })
    .regex(FINGERPRINT_PATTERN, { error: FINGERPRINT_INVALID }),
);



const optionalEmail = onFirstUse(() =>
  z
    .string({ error: EMAIL_INVALID })
    .trim()
    .pipe(z.union([z.literal(""), z.email({ error: EMAIL_INVALID })], { error: EMAIL_INVALID }))
    .nullish()
    .transform((email) => email || undefined),
);

// Browsers and forms send coordinates as numbers or numeric strings.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

function optionalCoordinate(limit: number, message: string) {
  return z.preprocess(
    (value) => {
      if (value === null) return undefined;
      if (typeof value !== "string") return value;
      const trimmed = value.trim();
      // Decimal only: Number() also reads "0x10" as 16, "0b1" and "0o7" (docs/product.md#one-person-one-share); anything else fails as NaN.
      if (trimmed === "") return undefined;
      return DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
    },
    z.number({ error: message }).min(-limit, { error: message }).max(limit, { error: message }).optional(),
  );
}

export const wishSubmitSchema = onFirstUse(() =>
  z.object(
    {
      wish: wishTextSchema,
      name: optionalVisitorText(NAME_MAX_LENGTH, NAME_INVALID),
      email: optionalEmail,
      /** "Ring a bell for someone": the name of the person it is for; a personal page is made for them. */
      forName: optionalVisitorText(NAME_MAX_LENGTH, FOR_NAME_INVALID),
      country: optionalVisitorText(COUNTRY_MAX_LENGTH, COUNTRY_INVALID),
      location: optionalVisitorText(LOCATION_MAX_LENGTH, LOCATION_INVALID),
      // Accepted because the first client sent it (docs/api.md#calls); the server stamps its own clock.
      timestamp: z
        .union([z.string(), z.number()], { error: TIMESTAMP_INVALID })
        .nullish()
        .transform(() => undefined),
      lat: optionalCoordinate(LATITUDE_LIMIT, LATITUDE_INVALID),
      lon: optionalCoordinate(LONGITUDE_LIMIT, LONGITUDE_INVALID),
      deviceFingerprint: fingerprintSchema,
    },
    { error: REQUEST_BODY_INVALID },
  ),
);
export type WishSubmission = z.output<typeof wishSubmitSchema>;

export const friendWishSchema = onFirstUse(() =>
  z.object(
    {
      wish: visitorText(FRIEND_WISH_REQUIRED, true)
        .min(1, { error: FRIEND_WISH_REQUIRED, abort: true })
        .max(WISH_MAX_LENGTH, { error: WISH_TOO_LONG }),
      name: optionalVisitorText(NAME_MAX_LENGTH, NAME_INVALID),
      friendEmail: z
        .string({ error: FRIEND_EMAIL_INVALID })
        .trim()
        .pipe(z.email({ error: FRIEND_EMAIL_INVALID })),
      message: optionalVisitorText(FRIEND_MESSAGE_MAX_LENGTH, FRIEND_MESSAGE_TOO_LONG, true),
    },
    { error: REQUEST_BODY_INVALID },
  ),
);
export type FriendWish = z.output<typeof friendWishSchema>;


// Keeps page × pageSize a safe integer however large the requested page.
const WALL_MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / WALL_MAX_PAGE_SIZE);

// Paging is clamped rather than refused: a stale or hand-edited link still shows a page.
function clampedInteger(fallback: number, min: number, max: number) {
  return z.preprocess((value) => {
    const parsed =
      typeof value === "number" ? Math.trunc(value) : typeof value === "string" ? Number.parseInt(value, 10) : NaN;
    return Number.isFinite(parsed) ? Math.min(max, Math.max(min, parsed)) : fallback;
  }, z.number());
}

function blankToUndefined(value: unknown): unknown {
  return value === null || value === "" ? undefined : value;
}

function choice<const Values extends readonly [string, ...string[]]>(values: Values, message: string) {
  return z.preprocess(blankToUndefined, z.enum(values, { error: message }).default(values[0]));
}

export const wallQuerySchema = onFirstUse(() =>
  z.object(
    {
      page: clampedInteger(1, 1, WALL_MAX_PAGE),
      pageSize: clampedInteger(WALL_DEFAULT_PAGE_SIZE, 1, WALL_MAX_PAGE_SIZE),
      deviceFingerprint: z.preprocess(blankToUndefined, fingerprintSchema.optional()),
      country: optionalVisitorText(COUNTRY_MAX_LENGTH, COUNTRY_INVALID),
      theme: choice(WALL_THEME_FILTERS, WALL_THEME_INVALID),
      timeFilter: choice(WALL_TIME_FILTERS, WALL_TIME_FILTER_INVALID),
      sortBy: choice(WALL_SORTS, WALL_SORT_INVALID),
    },
    { error: REQUEST_BODY_INVALID },
  ),
);
export type WallQuery = z.output<typeof wallQuerySchema>;

export const ringRequestSchema = onFirstUse(() =>
  z.object(
    {
      wishIds: z
        .array(
          z.string({ error: RING_WISH_ID_INVALID }).min(1, { error: RING_WISH_ID_INVALID }).max(WISH_ID_MAX_LENGTH, {
            error: RING_WISH_ID_INVALID,
          }),
          { error: RING_WISH_IDS_INVALID },
        )
        .max(RING_BATCH_SIZE, { error: RING_TOO_MANY_WISHES })
        .optional(),
      deviceFingerprint: fingerprintSchema,
    },
    { error: REQUEST_BODY_INVALID },
  ),
);
export type RingRequest = z.output<typeof ringRequestSchema>;

export const resonateSchema = onFirstUse(() => z.object({ deviceFingerprint: fingerprintSchema }, { error: REQUEST_BODY_INVALID }));
export type ResonateRequest = z.output<typeof resonateSchema>;

export interface FirstIssue {
  error: string;
  field?: string;
}

export function firstIssue(error: z.ZodError): FirstIssue {
  const [issue] = error.issues;
  if (!issue) return { error: REQUEST_BODY_INVALID };
  const [field] = issue.path;
  return typeof field === "string" ? { error: issue.message, field } : { error: issue.message };
}
