import { API } from "~/domain/contract/api";
import { parseCspReports } from "~/domain/csp-report";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { recordCspReports } from "~/server/edge/csp-reports.server";
import { noContent } from "~/server/edge/http.server";
import { readJsonBody } from "~/server/edge/request.server";

/**
 * POST /api/csp-report: where browsers send Content-Security-Policy violations (`report-to csp` and the older
 * `report-uri`). Stored, reduced and rate-limited, for /admin. A browser reads no answer, so it gets 204 either way;
 * a body that is not JSON gets the API's 400.
 */
export const loader = apiRoute(
  serve(API.cspReport, async ({ request, context }) => {
    await recordCspReports(context.cloudflare.env, request, parseCspReports(await readJsonBody(request)));
    return noContent();
  }),
);
export const action = loader;
