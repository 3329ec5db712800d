import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { contentSecurityPolicy, createNonce } from "~/server/edge/security-headers.server";
import { tileSettings } from "~/domain/map-tiles";
import { signShareImages } from "~/server/og/sign-share-images.server";
import { stylesheetsBeforeModulePreloads } from "~/server/edge/stylesheets-first.server";
import { reportInBackground } from "~/server/edge/report-error.server";
import { settingsOf } from "~/server/edge/settings.server";

const ABORT_DELAY_MS = 5_000;

/**
 * What a loader or action threw (not a Response it threw on purpose), reported once with the request's id. A request
 * the visitor abandoned is not a failure, and a 4xx of a visitor's making (a POST to a page with no action, an unknown
 * address) is answered and not reported, so nobody can fill the logs with stack traces by asking for them (docs/product.md#one-person-one-share).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  reportInBackground(context?.cloudflare, error, "remix");
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS);
  const nonce = createNonce();

  const body = await renderToReadableStream(
    <NonceProvider nonce={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      // React outlines a finished Suspense boundary bigger than this many bytes (sending its HTML after the shell,
      // swapped in by a script), which would hide the wall and the pending list from visitors without JavaScript.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) reportInBackground(loadContext.cloudflare, error, "render");
        responseStatusCode = 500;
      },
    },
  );
  // Every page's data is loaded before rendering starts (no deferred loaders), so streaming would gain nothing:
  // the document is rendered whole, a few milliseconds, and sent as one body with a length. Streamed, the same page
  // reached the browser as about a hundred chunks whose framing cost 600 bytes, enough to push the home page past
  // the 14.6 KB a new connection delivers in its first round trip (ADR 0011).
  await body.allReady;
  clearTimeout(timeout);

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Vite's dev server injects its own un-nonced scripts (HMR, styles); the policy guards the built site.
  if (!import.meta.env.DEV) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, tileSettings(settingsOf(loadContext.cloudflare.env))?.origin));
  const document = signShareImages(stylesheetsBeforeModulePreloads(body, responseHeaders, responseStatusCode), loadContext.cloudflare.env);
  return new Response(await document.arrayBuffer(), { status: document.status, headers: document.headers });
}
