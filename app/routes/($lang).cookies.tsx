import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pages, requireContent, routeLocale } from "~/server/pages/content.server";
import { legalValues } from "~/server/pages/legal-values.server";

export { contentMeta as meta, ContentRoute as default } from "~/components/content/content-route";

// What the page says follows the code and this deployment's settings (retention, controller, third parties).
export const loader = ({ params, context }: LoaderFunctionArgs) =>
  requireContent(pages.withValues("cookies", routeLocale(params), legalValues(context.cloudflare.env)));
