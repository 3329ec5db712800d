import { optionalVisitorText } from "~/domain/text";
import { z } from "zod";
import { REPORT_REASON_MAX_LENGTH } from "~/domain/limits";
import { fingerprintSchema } from "~/domain/wish";
import { REQUEST_BODY_INVALID } from "~/domain/messages";
import { reportWish } from "~/server/admin/moderation.server";
import { apiRoute } from "~/server/api-route.server";
import { ok } from "~/server/http.server";
import { parseWith, readJsonBody } from "~/server/request.server";

const REPORT_REASON_INVALID = `Please keep the reason to ${REPORT_REASON_MAX_LENGTH} characters of text or fewer.`;

const reportSchema = z.lazy(() =>
  z.object(
    {
      deviceFingerprint: fingerprintSchema,
      reason: optionalVisitorText(REPORT_REASON_MAX_LENGTH, REPORT_REASON_INVALID),
    },
    { error: REQUEST_BODY_INVALID },
  ),
);

export const loader = apiRoute({
  POST: async ({ request, params, context }) => {
    const { deviceFingerprint, reason } = parseWith(reportSchema, await readJsonBody(request));
    const outcome = await reportWish(context.cloudflare.env, request, { wishId: params.id ?? "", deviceFingerprint, reason });
    return ok({ alreadyReported: outcome.alreadyReported });
  },
});
export const action = loader;
