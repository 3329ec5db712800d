import { cachedRead } from "~/server/edge/read-cache.server";
import { createNonce } from "~/server/edge/security-headers.server";

/**
 * The anonymous home page, rendered at most once a second per isolate and invalidated by every write in it, like the
 * reads it shows (ADR 0009). Only a plain `GET /` without a cookie is shared: a query (wall filters, a confirmation
 * after a post) or a cookie (the device's resonances, an admin session) always renders its own page. Each answer gets
 * its own CSP nonce: the shared copy keeps the nonce it was rendered with, and every answer swaps in a fresh one.
 */

interface SharedPage {
  status: number;
  headers: [string, string][];
  html: string;
  /** The nonce the page was rendered with, in its CSP header and its script tags. */
  nonce: string;
}

type Rendered = { page: SharedPage } | { response: Response };

const NONCE_IN_POLICY = /'nonce-([^']+)'/;

export function isSharedPage(request: Request, url: URL): boolean {
  return request.method === "GET" && url.pathname === "/" && url.search === "" && !request.headers.has("Cookie");
}

async function renderOnce(render: () => Promise<Response>): Promise<Rendered> {
  const response = await render();
  const nonce = NONCE_IN_POLICY.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
  const html = response.headers.get("Content-Type")?.startsWith("text/html") ?? false;
  if (response.status !== 200 || !html || !nonce || response.headers.has("Set-Cookie")) return { response };
  return { page: { status: response.status, headers: [...response.headers], html: await response.text(), nonce } };
}

function answer({ status, headers, html, nonce }: SharedPage): Response {
  const fresh = createNonce();
  const answerHeaders = new Headers(headers);
  answerHeaders.set("Content-Security-Policy", answerHeaders.get("Content-Security-Policy")!.replace(`'nonce-${nonce}'`, `'nonce-${fresh}'`));
  answerHeaders.delete("Content-Length");
  return new Response(html.replaceAll(`nonce="${nonce}"`, `nonce="${fresh}"`), { status, headers: answerHeaders });
}

/** Keyed by origin too: the page carries absolute links to the host it was asked on. */
export async function sharedPage(url: URL, render: () => Promise<Response>): Promise<Response> {
  const rendered = await cachedRead(`page:${url.origin}/`, () => renderOnce(render), { keep: (value) => "page" in value });
  return "page" in rendered ? answer(rendered.page) : rendered.response;
}
