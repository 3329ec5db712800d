import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta, siteInfo, siteJsonLd } from "~/lib/meta";
import { pages, requireContent, routeLocale } from "~/server/content.server";
import type { ContentData } from "~/components/content/content-route";

export { ContentRoute as default } from "~/components/content/content-route";

export const loader = ({ params }: LoaderFunctionArgs) => requireContent(pages.get("about", routeLocale(params)));

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const site = siteInfo(matches);
  const page = data as ContentData;
  return pageMeta(site, { title: page.title, description: page.description, path: location.pathname, jsonLd: siteJsonLd(site) });
};
