import { API } from "~/domain/contract/api";
import { MAIL_STOP_INVALID } from "~/domain/messages";
import { ERROR_CODE } from "~/domain/error-codes";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { isMailStopToken, stopMail } from "~/server/email/mail-stop.server";
import { ApiError, ok } from "~/server/edge/http.server";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("t");

/**
 * RFC 8058 one-click unsubscribe: a mail system POSTs `List-Unsubscribe=One-Click` here (the URL from a mail's
 * `List-Unsubscribe` header), and the address gets no more mail and leaves the newsletter. Only POST changes anything:
 * scanners open links, and a person reading the mail follows its "this wasn't me" link (/mail/stop) instead.
 */
export const loader = apiRoute(
  serve(API.unsubscribe, async ({ request, context }) => {
    const token = tokenOf(request);
    // Success only when the stop is stored: a token the server did not make (or a cut one) stores nothing and says so.
    if (!isMailStopToken(token) || !(await stopMail(context.cloudflare.env, token))) {
      throw new ApiError(400, MAIL_STOP_INVALID, { code: ERROR_CODE.invalidRequest });
    }
    return ok({ unsubscribed: true });
  }),
);
export const action = loader;
