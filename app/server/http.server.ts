import { SERVER_ERROR } from "~/domain/messages";

/** Every API answer is made here, so errors look the same everywhere: a sentence for a person, never a stack. */

export function ok<T extends Record<string, unknown>>(body: T, init: ResponseInit = {}): Response {
  return Response.json({ success: true, ...body }, init);
}

export interface ApiErrorBody {
  status: number;
  error: string;
  field?: string;
  retryAfter?: number;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export function fail({ status, error, field, retryAfter }: ApiErrorBody): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (retryAfter !== undefined) headers.set("Retry-After", String(retryAfter));
  return Response.json(
    { success: false, error, ...(field ? { field } : {}), ...(retryAfter !== undefined ? { retryAfter } : {}) },
    { status, headers },
  );
}

/** Runs an API handler and turns thrown ApiErrors (and anything unexpected) into JSON errors. */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) {
      return fail({ status: error.status, error: error.message, field: error.field, retryAfter: error.retryAfter });
    }
    if (error instanceof Response) return error;
    console.error(error);
    return fail({ status: 500, error: SERVER_ERROR });
  }
}
