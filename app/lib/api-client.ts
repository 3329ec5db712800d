import type { z } from "zod";
import type * as ApiModule from "~/domain/contract/api";
import type { Api } from "~/domain/contract/api";
import type * as EndpointModule from "~/domain/contract/endpoint";
import type { ApiErrorBody, Endpoint, PathParams } from "~/domain/contract/endpoint";

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

const NO_ANSWER = { ok: false, status: null, error: {} } as const;

/** The address of a call: its declared path, parameters filled in and encoded, and the query's defined values. */
export function apiUrl(endpoint: Pick<Endpoint, "path">, params: Record<string, string> = {}, query?: Record<string, string | number | undefined>): string {
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const entries = Object.entries(query ?? {}).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]));
  return entries.length ? `${path}?${new URLSearchParams(entries)}` : path;
}

async function jsonOf(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  return response.json().catch(() => undefined);
}

/**
 * Calls one declared endpoint of the JSON API (app/domain/contract/api.ts) from the browser, by its name; never
 * throws. The declarations, and zod with them, load with the first call rather than with the page: every call is made
 * after the page is up (docs/architecture.md#budgets).
 */
export async function callApi<N extends keyof Api>(name: N, options: CallOptions<Api[N]> = {}): Promise<ApiResult<z.output<Api[N]["output"]>>> {
  const { params, query, body, headers, signal, cache } = options;
  let response: Response;
  let contract: [typeof ApiModule, typeof EndpointModule];
  try {
    contract = await Promise.all([import("~/domain/contract/api"), import("~/domain/contract/endpoint")]);
    const endpoint: Endpoint = contract[0].API[name];
    response = await fetch(apiUrl(endpoint, params as Record<string, string> | undefined, query), {
      method: endpoint.method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), Accept: "application/json", ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
      ...(cache ? { cache } : {}),
    });
  } catch {
    return NO_ANSWER;
  }
  const [{ API }, { apiErrorSchema }] = contract;
  const json = await jsonOf(response);
  if (response.ok) {
    const parsed = API[name].output.safeParse(json);
    return parsed.success ? { ok: true, status: response.status, data: parsed.data as z.output<Api[N]["output"]> } : { ok: false, status: response.status, error: {} };
  }
  const error = apiErrorSchema.safeParse(json);
  return { ok: false, status: response.status, error: error.success ? error.data : {} };
}
