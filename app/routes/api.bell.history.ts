import { z } from "zod";
import { BELL_HISTORY_PAGE_SIZE, WALL_MAX_PAGE_SIZE } from "~/domain/limits";
import { apiRoute } from "~/server/api-route.server";
import { ok } from "~/server/http.server";
import { parseWith, searchParamsObject } from "~/server/request.server";
import { ringHistory } from "~/server/rings/ring-view.server";

// Paging is clamped, never refused: a hand-edited link still gets a page.
const clamp = (fallback: number, max: number) =>
  z.preprocess((v) => {
    const n = Number.parseInt(String(v ?? ""), 10);
    return Number.isFinite(n) ? Math.min(max, Math.max(1, n)) : fallback;
  }, z.number());

const historyQuerySchema = z.lazy(() =>
  z.object({
    page: clamp(1, 100_000),
    pageSize: clamp(BELL_HISTORY_PAGE_SIZE, WALL_MAX_PAGE_SIZE),
  }),
);

export const loader = apiRoute({
  GET: async ({ request, context }) => {
    const { page, pageSize } = parseWith(historyQuerySchema, searchParamsObject(request));
    return ok({ ...(await ringHistory(context.cloudflare.env, page, pageSize)) });
  },
});
export const action = loader;
