import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pages, requireContent, routeLocale } from "~/server/pages/content.server";
import { storyPageValues } from "~/server/pages/story.server";

export { contentMeta as meta, ContentRoute as default } from "~/components/content/content-route";

// Where a ring runs is said as this deployment's provider has it (app/domain/provider-story.ts).
export const loader = ({ params, context }: LoaderFunctionArgs) =>
  requireContent(pages.withValues("why", routeLocale(params), storyPageValues(context.cloudflare.env, routeLocale(params))));
