import { defaultErrorCode, type ErrorCode } from "~/domain/error-codes";
import { SERVER_ERROR } from "~/domain/messages";

/** Every API answer is made here, so errors look the same everywhere: a sentence for a person, never a stack. */

export function ok<T extends Record<string, unknown>>(body: T, init: ResponseInit = {}): Response {
  return Response.json({ success: true, ...body }, init);
}

export interface ApiErrorBody {
  status: number;
  error: string;
  /** Defaults to the status's own code (defaultErrorCode). */
  code?: ErrorCode;
  field?: string;
  retryAfter?: number;
}

export class ApiError extends Error {
  readonly field?: string;
  readonly retryAfter?: number;
  readonly code: ErrorCode;
  constructor(
    readonly status: number,
    message: string,
    details: { field?: string; retryAfter?: number; code?: ErrorCode } = {},
  ) {
    super(message);
    this.field = details.field;
    this.retryAfter = details.retryAfter;
    this.code = details.code ?? defaultErrorCode(status, details.field);
  }
}

export function fail({ status, error, code, field, retryAfter }: ApiErrorBody): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (retryAfter !== undefined) headers.set("Retry-After", String(retryAfter));
  return Response.json(
    {
      success: false,
      error,
      code: code ?? defaultErrorCode(status, field),
      ...(field ? { field } : {}),
      ...(retryAfter !== undefined ? { retryAfter } : {}),
    },
    { status, headers },
  );
}

/**
 * Runs an API handler and turns thrown ApiErrors (and anything unexpected) into JSON errors; `unexpected` hears of
 * anything that was not an ApiError or a Response (the route reports it).
 */
export async function handleApi(run: () => Promise<Response>, unexpected: (error: unknown) => void = (error) => console.error(error)): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) {
      return fail({ status: error.status, error: error.message, code: error.code, field: error.field, retryAfter: error.retryAfter });
    }
    if (error instanceof Response) return error;
    unexpected(error);
    return fail({ status: 500, error: SERVER_ERROR });
  }
}
