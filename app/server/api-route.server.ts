import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ApiError, handleApi } from "./http.server";
import { inRequestLanguage } from "./api-language.server";
import { reportInBackground } from "./report-error.server";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Handler = (args: LoaderFunctionArgs) => Promise<Response>;
export type ApiDispatch = (args: LoaderFunctionArgs) => Promise<Response>;

// A registered symbol, as React tags its elements: the brand still reads true on a route module loaded from the
// build by a test that imports this module from source.
const API_DISPATCH = Symbol.for("quantum-bell.api-route");

/** Whether a route's loader is an `apiRoute`: it answers every method with a Response and never throws. */
export function isApiDispatch(loader: unknown): loader is ApiDispatch {
  return typeof loader === "function" && API_DISPATCH in loader;
}

/**
 * One API resource route: handlers by method, every answer and error in the same JSON shape, and a JSON 405
 * (not Remix's HTML one) for any other method. Use as `export const loader = apiRoute({...}); export const action = loader;`
 * (plain `export const` declarations: Remix strips them from the client bundle only in that form).
 */
export function apiRoute(handlers: Partial<Record<Method, Handler>>): ApiDispatch {
  const allowed = Object.keys(handlers).join(", ");
  const dispatch = async (args: LoaderFunctionArgs) =>
    inRequestLanguage(
      args.request,
      await handleApi(async () => {
        const method = args.request.method === "HEAD" ? "GET" : (args.request.method as Method);
        const handler = handlers[method];
        if (!handler) throw new ApiError(405, `This address only answers ${allowed} requests.`);
        return handler(args);
      }, (error) => reportInBackground(args.context?.cloudflare, error, "api")),
    );
  return Object.defineProperty(dispatch, API_DISPATCH, { value: true });
}
