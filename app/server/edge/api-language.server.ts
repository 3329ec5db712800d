import { DEFAULT_LOCALE } from "~/domain/locale";
import { ERROR_CODE } from "~/domain/error-codes";
import { ringCooldown } from "~/domain/messages";
import { compiledCatalogue, translatorFor } from "~/i18n/catalogues.server";
import { requestLocale } from "./locale.server";

/**
 * An API error's human sentence in the request's language (Accept-Language; the site's own pages send theirs).
 * Every sentence is written in English where it is decided; the one with a number in it (the cooldown) is written
 * again from its code. The code, the status and every other field stay as they were.
 */
export async function inRequestLanguage(request: Request, response: Response): Promise<Response> {
  if (response.ok || !response.headers.get("Content-Type")?.includes("application/json")) return response;
  const locale = requestLocale(request);
  if (locale === DEFAULT_LOCALE) return response;
  const body = (await response.clone().json().catch(() => null)) as { error?: unknown; code?: unknown; retryAfter?: unknown } | null;
  if (!body || typeof body.error !== "string") return response;
  const t = translatorFor(locale);
  const error =
    body.code === ERROR_CODE.cooldown && typeof body.retryAfter === "number"
      ? ringCooldown(t, body.retryAfter)
      : Object.hasOwn(compiledCatalogue(locale), body.error)
        ? t(body.error)
        : body.error;
  if (error === body.error) return response;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.append("Vary", "Accept-Language");
  return new Response(JSON.stringify({ ...body, error }), { status: response.status, headers });
}
