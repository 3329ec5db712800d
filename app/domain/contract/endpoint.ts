import "~/domain/zod-config";
import { z } from "zod";
import { onFirstUse } from "~/domain/on-first-use";
import { ERROR_CODE, type ErrorCode } from "~/domain/error-codes";

/** What every path of the JSON API starts with (docs/api.md#conventions). */
export const API_PREFIX = "/api/";

export type Method = "GET" | "POST" | "DELETE";

/** Where a call's input travels: a JSON body, the query string, or nowhere (the path alone, or a body read by hand). */
export type InputIn = "body" | "query" | "none";

/**
 * One call of the JSON API (docs/api.md#calls), declared once: the server's route takes its method and parses its
 * input with it (`apiRoute`), the browser's client builds its request and parses its answer with it.
 */
export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> {
  method: M;
  /** The path, `:name` for a path parameter. */
  path: P;
  inputIn: InputIn;
  input: I;
  /** The success body, `success: true` included. */
  output: O;
  /** The machine codes a failure of this call may carry, beyond those of every call (`COMMON_ERRORS`). */
  errors: readonly ErrorCode[];
}

/** What any call may answer: a refused method, an oversized or cross-site body, a fault on our side. */
export const COMMON_ERRORS = [
  ERROR_CODE.methodNotAllowed,
  ERROR_CODE.tooLarge,
  ERROR_CODE.crossSite,
  ERROR_CODE.serverError,
] as const satisfies readonly ErrorCode[];

const NO_INPUT = onFirstUse(() => z.object({}));

/** A success body: the call's own fields beside `success: true`. */
export const success = <S extends z.ZodRawShape>(shape: S) => z.object({ success: z.literal(true), ...shape });

/**
 * Declares a call. A schema built right here is given as a function and built on its first use, so that importing the
 * contract (every route and page does) builds none; one that is already a stand-in (`onFirstUse`) is given as it is
 * (ADR 0080).
 */
/** A zod schema is never a function (a stand-in neither), so a function is one to build on first use. */
const deferred = <S extends z.ZodType>(schema: S | (() => S)): S => (typeof schema === "function" ? onFirstUse(schema) : schema);

export function endpoint<M extends Method, P extends string, O extends z.ZodType, I extends z.ZodType = typeof NO_INPUT>(declaration: {
  method: M;
  path: P;
  inputIn?: InputIn;
  input?: I | (() => I);
  output: O | (() => O);
  errors?: readonly ErrorCode[];
}): Endpoint<M, P, I, O> {
  return {
    method: declaration.method,
    path: declaration.path,
    inputIn: declaration.inputIn ?? "none",
    input: declaration.input ? deferred(declaration.input) : (NO_INPUT as z.ZodType as I),
    output: deferred(declaration.output),
    errors: declaration.errors ?? [],
  };
}

/** The names of a path's `:name` parameters, as a type: `/api/wishes/:id` → `"id"`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A failure's body (docs/api.md#errors), read leniently: a client decides by `code`, and falls back when it is absent. */
export const apiErrorSchema = onFirstUse(() =>
  z.object({
    success: z.literal(false).optional(),
    error: z.string().optional(),
    code: z.string().optional(),
    field: z.string().optional(),
    retryAfter: z.number().optional(),
  }),
);
export type ApiErrorBody = z.output<typeof apiErrorSchema>;
