import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as serverBuild from "virtual:remix/server-build";
import { CSP_REPORT_PATH } from "~/domain/csp-report";
import { ERROR_CODE } from "~/domain/error-codes";
import { appError } from "~/domain/app-error";
import { withoutForTokens } from "~/domain/for-someone";
import { fail, SERVER_FAULT } from "~/server/edge/http.server";
import { handleOgRequest, OG_PATH } from "~/server/og/og.server";
import { isSameSiteOrigin, originMatchesHost } from "~/server/edge/origin.server";
import { bodyLimitFor, limitRequestBody } from "~/server/edge/request-size.server";
import { isLocalizedPage, LOCALE_VARY, localeRedirect } from "~/server/edge/locale.server";
import { withSecurityHeaders } from "~/server/edge/security-headers.server";
import { withStatementLog } from "~/server/db/statement-log.server";
import { matchApiRoute } from "./api-routes";
import { isSharedPage, sharedPage } from "./page-cache";
import { forwardToRelay, isSocketPath, onSchedule } from "./room-routes";
import "~/load-context";
import { CROSS_SITE_REQUEST, DATA_REQUEST_REFUSED } from "~/domain/messages";
import { HEALTHZ_PATH, healthz } from "~/server/edge/healthz.server";
import { log } from "~/server/edge/log.server";
import { reportError } from "~/server/edge/report-error.server";
import { requestIdFor, withRequestContext } from "~/server/edge/request-context.server";
import { observeResponse } from "~/server/edge/observe-response.server";

export { BellRoom } from "./bell-room/bell-room";
export { BellRelay } from "./bell-relay";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const CROSS_SITE = appError(403, CROSS_SITE_REQUEST, { code: ERROR_CODE.crossSite });
const DATA_REQUEST = appError(400, DATA_REQUEST_REFUSED, { code: ERROR_CODE.invalidRequest });
const LEGACY_DATA_PARAM = "_data";
const build = serverBuild as unknown as ServerBuild;
const handleRemixRequest = createRequestHandler(build);

async function respond(request: Request, env: Env, ctx: ExecutionContext, url: URL): Promise<Response> {
  // An upgrade (101) passes as it is; the room's refusals get the headers every answer carries.
  if (isSocketPath(url)) return withSecurityHeaders(await forwardToRelay(request, env), url);
  if (url.pathname === HEALTHZ_PATH) return withSecurityHeaders(await healthz(env), url);
  // Outside Remix: the Vite server build cannot import the .wasm and .woff modules the share images need.
  if (url.pathname === OG_PATH) return withSecurityHeaders(await handleOgRequest(request, env, ctx), url);
  // Remix refuses a cross-site form post with a bare 500; answer it here, plainly, before any route runs. Browsers
  // upload CSP reports with an opaque ("null") Origin; the report endpoint changes nothing a visitor owns.
  if (!SAFE_METHODS.has(request.method) && url.pathname !== CSP_REPORT_PATH && !isSameSiteOrigin(request, env)) {
    return withSecurityHeaders(fail(request, CROSS_SITE), url);
  }
  // Every body is size-checked here, once, before any route reads it (docs/decisions/0008-request-size-limits.md).
  const limited = await limitRequestBody(request, bodyLimitFor(url));
  if (limited instanceof Response) return withSecurityHeaders(limited, url);
  const loadContext = { cloudflare: { env, ctx } };
  // The JSON API skips Remix's request machinery and answers from each route's own handler (ADR 0009, ADR 0015).
  const api = matchApiRoute(build, limited, url);
  if (api) return withSecurityHeaders(await api.handler({ request: limited, params: api.params, context: loadContext }), url);
  if (!SAFE_METHODS.has(request.method) && !originMatchesHost(request)) {
    return withSecurityHeaders(fail(request, CROSS_SITE), url);
  }
  // Remix's old `?_data=` requests: this site's pages use single fetch, whose Remix reports every such request as an
  // uncaught error (a warning) and answers some with data. None of the site's own pages asks this way (ADR 0099).
  if (url.searchParams.has(LEGACY_DATA_PARAM)) return withSecurityHeaders(fail(limited, DATA_REQUEST), url);
  const moved = localeRedirect(limited, url);
  if (moved) return withSecurityHeaders(moved, url);
  const render = () => handleRemixRequest(limited, loadContext);
  // The anonymous home page is shared for a second, with a fresh nonce in every answer (ADR 0009).
  const response = isSharedPage(limited, url) ? await sharedPage(url, render) : await render();
  if (isLocalizedPage(limited, url)) response.headers.append("Vary", LOCALE_VARY);
  return withSecurityHeaders(response, url);
}

export default {
  /**
   * Every request runs with its id (Cloudflare's ray id when there is one) in context, so each log line it writes
   * carries it; the answer echoes it in `x-request-id`, and one line per request says how it went.
   */
  async fetch(request, workerEnv, ctx) {
    const env = withStatementLog(workerEnv);
    const url = new URL(request.url);
    const context = { requestId: requestIdFor(request), route: withoutForTokens(url.pathname) };
    return withRequestContext(context, async () => {
      const started = Date.now();
      let response: Response;
      try {
        response = await respond(request, env, ctx, url);
      } catch (error) {
        await reportError(env, error, "fetch");
        response = withSecurityHeaders(fail(request, SERVER_FAULT), url);
      }
      observeResponse(env, ctx, request, url, response);
      log("info", "request", { method: request.method, status: response.status, durationMs: Date.now() - started });
      if (response.status === 101) return response;
      response.headers.set("x-request-id", context.requestId);
      return response;
    });
  },

  async scheduled(controller, env, ctx) {
    ctx.waitUntil(
      withRequestContext({ requestId: requestIdFor(), route: "cron" }, () => onSchedule(withStatementLog(env), controller.scheduledTime)),
    );
  },
} satisfies ExportedHandler<Env>;
