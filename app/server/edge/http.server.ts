import { appError, errorSentence, type AppError, type AppErrorDetails } from "~/domain/app-error";
import { ERROR_CODE } from "~/domain/error-codes";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { REQUEST_BODY_INVALID, SERVER_ERROR } from "~/domain/messages";
import { compiledCatalogue, translatorFor } from "~/i18n/catalogues.server";
import { requestLocale } from "./locale.server";
import { log } from "./log.server";

/**
 * Every API answer is made here, so errors look the same everywhere: a sentence for a person, never a stack. Errors
 * arrive as AppErrors (a code, a message id and its values) and become a sentence here, once, in the request's
 * language (docs/api.md#errors).
 */

declare const JSON_BODY: unique symbol;

/**
 * A Response whose JSON body the type checker knows, so `serve` can hold a handler's answer to its declared output.
 * The brand is a type alone: nothing is added to the Response at run time.
 */
export type JsonResponse<Body> = Response & { readonly [JSON_BODY]: Body };

/** A success: `success: true` beside the call's own fields. */
export function ok<T extends Record<string, unknown>>(body: T, init: ResponseInit = {}): JsonResponse<{ success: true } & T> {
  return Response.json({ success: true, ...body }, init) as JsonResponse<{ success: true } & T>;
}

/** A success whose body is written whole, `success: true` included (the ring's answer). */
export function json<T extends { success: true }>(body: T, init: ResponseInit = {}): JsonResponse<T> {
  return Response.json(body, init) as JsonResponse<T>;
}

/** A success with no body (204), for a call declared to answer `null`. */
export function noContent(): JsonResponse<null> {
  return new Response(null, { status: 204 }) as JsonResponse<null>;
}

/** What a server module throws to refuse a request: an AppError, carried as an exception up to the edge. */
export class ApiError extends Error {
  readonly error: AppError;
  /** `message` is the message's catalogue id (a sentence of app/domain/messages.ts), never a rendered sentence. */
  constructor(status: number, message: string, details: AppErrorDetails = {}) {
    super(message);
    this.error = appError(status, message, details);
  }

  /** An AppError decided elsewhere (the BellRoom's answer), thrown as it is. */
  static of(error: AppError): ApiError {
    const { id, values } = error.message;
    return new ApiError(error.status, id, { values, code: error.code, field: error.field, retryAfter: error.retryAfter });
  }

  get status(): number {
    return this.error.status;
  }
}

/**
 * An error's sentence in one language. A message id that is in no catalogue (a schema's default wording, say) is
 * never shown: it is logged, and the visitor reads a generic sentence instead (bad input for a 400, else a fault on
 * our side, which a missing sentence is).
 */
export function renderError(locale: Locale, error: AppError): string {
  if (!Object.hasOwn(compiledCatalogue(DEFAULT_LOCALE), error.message.id)) {
    log("error", "an error's message is in no catalogue", { code: error.code, status: error.status });
    return translatorFor(locale)(error.status === 400 ? REQUEST_BODY_INVALID : SERVER_ERROR);
  }
  return errorSentence(translatorFor(locale), error);
}

/**
 * The public JSON of an error (docs/api.md#errors), its sentence in `locale` (by default the request's language:
 * Accept-Language, which the site's own pages set to theirs).
 */
export function fail(request: Request, error: AppError, { locale = requestLocale(request), headers: extra }: { locale?: Locale; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(extra);
  headers.set("Cache-Control", "no-store");
  headers.append("Vary", "Accept-Language");
  if (error.retryAfter !== undefined) headers.set("Retry-After", String(error.retryAfter));
  return Response.json(
    {
      success: false,
      error: renderError(locale, error),
      code: error.code,
      ...(error.field ? { field: error.field } : {}),
      ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
    },
    { status: error.status, headers },
  );
}

/** The answer to a fault on our side: nothing of the fault itself, only that it happened. */
export const SERVER_FAULT: AppError = appError(500, SERVER_ERROR, { code: ERROR_CODE.serverError });

/**
 * Runs an API handler and turns thrown ApiErrors (and anything unexpected) into JSON errors in the request's
 * language; `unexpected` hears of anything that was not an ApiError or a Response (the route reports it).
 */
export async function handleApi(
  request: Request,
  run: () => Promise<Response>,
  unexpected: (error: unknown) => void = (error) => console.error(error),
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) return fail(request, error.error);
    if (error instanceof Response) return error;
    unexpected(error);
    return fail(request, SERVER_FAULT);
  }
}
