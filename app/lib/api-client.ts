import type { z } from "zod";
import { apiErrorSchema, fillPath, type ApiErrorBody, type Endpoint, type PathParams } from "~/domain/contract/endpoint";

/**
 * What a call came to: the declared success body, parsed; or a failure with its status (null when no answer came:
 * offline, aborted) and its error body, read leniently (docs/api.md#errors). A 2xx whose body is not the declared
 * one is a failure too: the page never acts on a shape it was not promised.
 */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number | null; error: ApiErrorBody };

export interface CallOptions<E extends Endpoint> {
  /** The path's `:name` parameters. */
  params?: Record<PathParams<E["path"]>, string>;
  query?: Record<string, string | number | undefined>;
  body?: z.input<E["input"]>;
  /** Beside `Accept` (and `Content-Type` with a body): `Accept-Language` for a call answered in the page's language. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  cache?: RequestCache;
}

/** The address of a call: its declared path, parameters filled in and encoded, and the query's defined values. */
export function apiUrl(endpoint: Endpoint, params?: Record<string, string>, query?: Record<string, string | number | undefined>): string {
  const path = fillPath(endpoint.path, params);
  const entries = Object.entries(query ?? {}).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]));
  return entries.length ? `${path}?${new URLSearchParams(entries)}` : path;
}

async function jsonOf(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  return response.json().catch(() => undefined);
}

/** Calls one declared endpoint of the JSON API from the browser; never throws. */
export async function callApi<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<ApiResult<z.output<E["output"]>>> {
  const { params, query, body, headers, signal, cache } = options;
  let response: Response;
  try {
    response = await fetch(apiUrl(endpoint, params, query), {
      method: endpoint.method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), Accept: "application/json", ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
      ...(cache ? { cache } : {}),
    });
  } catch {
    return { ok: false, status: null, error: {} };
  }
  const json = await jsonOf(response);
  if (response.ok) {
    const parsed = endpoint.output.safeParse(json);
    return parsed.success ? { ok: true, status: response.status, data: parsed.data as z.output<E["output"]> } : { ok: false, status: response.status, error: {} };
  }
  const error = apiErrorSchema.safeParse(json);
  return { ok: false, status: response.status, error: error.success ? error.data : {} };
}
