import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta, siteInfo, siteJsonLd } from "~/lib/meta";
import { pages, requireContent, routeLocale } from "~/server/pages/content.server";
import { storyPageValues } from "~/server/pages/story.server";
import type { ContentData } from "~/components/content/content-route";

export { ContentRoute as default } from "~/components/content/content-route";

// Where a ring runs is said as this deployment's provider has it (app/domain/provider-story.ts).
export const loader = ({ params, context }: LoaderFunctionArgs) =>
  requireContent(pages.withValues("about", routeLocale(params), storyPageValues(context.cloudflare.env, routeLocale(params))));

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const site = siteInfo(matches);
  const page = data as ContentData;
  return pageMeta(site, { title: page.title, description: page.description, path: location.pathname, jsonLd: siteJsonLd(site) });
};
