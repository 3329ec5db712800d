import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { Endpoint, Method } from "~/domain/contract/endpoint";
import { METHOD_NOT_ALLOWED } from "~/domain/messages";
import { ApiError, handleApi } from "./http.server";
import type { JsonResponse } from "./http.server";
import { reportInBackground } from "./report-error.server";
import { parseWith, readJsonBody, searchParamsObject } from "./request.server";

export type ApiDispatch = (args: LoaderFunctionArgs) => Promise<Response>;

/**
 * What a declared call's success body must be: what its output schema accepts (`z.input`), since the browser parses the
 * answer with that schema. Held by the type checker alone; no answer is parsed at run time (ADR 0076).
 */
export type ApiOutput<E extends Endpoint> = z.input<E["output"]>;

/**
 * A declared call's handler: the request's arguments and its input, already parsed with the declaration's schema; it
 * answers a `JsonResponse` of the declared output (`ok`, `json`, `noContent`), so a body the contract does not promise
 * is a compile error.
 */
export type ApiHandler<E extends Endpoint> = (args: LoaderFunctionArgs & { input: z.output<E["input"]> }) => Promise<JsonResponse<ApiOutput<E>>>;

interface Served {
  endpoint: Endpoint;
  handler: ApiHandler<Endpoint>;
}

/** One declared call (app/domain/contract/api.ts) and the handler that serves it. */
export function serve<E extends Endpoint>(endpoint: E, handler: ApiHandler<E>): Served {
  return { endpoint, handler: handler as ApiHandler<Endpoint> };
}

// A registered symbol, as React tags its elements: the brand still reads true on a route module loaded from the
// build by a test that imports this module from source.
const API_DISPATCH = Symbol.for("quantum-bell.api-route");

/** Whether a route's loader is an `apiRoute`: it answers every method with a Response and never throws. */
export function isApiDispatch(loader: unknown): loader is ApiDispatch {
  return typeof loader === "function" && API_DISPATCH in loader;
}

async function inputOf(endpoint: Endpoint, request: Request): Promise<unknown> {
  if (endpoint.inputIn === "body") return parseWith(endpoint.input, await readJsonBody(request));
  if (endpoint.inputIn === "query") return parseWith(endpoint.input, searchParamsObject(request));
  return {};
}

/**
 * One API resource route: the calls it serves, each by its declaration (method and input from the contract), every
 * answer and error in the same JSON shape, and a JSON 405 (not Remix's HTML one) for any other method. Use as
 * `export const loader = apiRoute(serve(API.x, …)); export const action = loader;` (plain `export const`
 * declarations: Remix strips them from the client bundle only in that form).
 */
export function apiRoute(...calls: Served[]): ApiDispatch {
  const byMethod = new Map<Method, Served>(calls.map((call) => [call.endpoint.method, call]));
  const allowed = [...byMethod.keys()].join(", ");
  const dispatch = (args: LoaderFunctionArgs) =>
    handleApi(
      args.request,
      async () => {
        const method = args.request.method === "HEAD" ? "GET" : (args.request.method as Method);
        const call = byMethod.get(method);
        if (!call) throw new ApiError(405, METHOD_NOT_ALLOWED, { values: { methods: allowed } });
        return call.handler({ ...args, input: await inputOf(call.endpoint, args.request) });
      },
      (error) => reportInBackground(args.context?.cloudflare, error, "api"),
    );
  return Object.defineProperty(dispatch, API_DISPATCH, { value: true });
}
