import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta, siteInfo, siteJsonLd } from "~/lib/meta";
import { pages, requireContent } from "~/server/content.server";
import type { ContentData } from "~/components/content/content-route";

export { ContentRoute as default } from "~/components/content/content-route";

export const loader = () => requireContent(pages.get("about"));

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const site = siteInfo(matches);
  const page = data as ContentData;
  return pageMeta(site, { title: page.title, description: page.description, path: location.pathname, jsonLd: siteJsonLd(site) });
};
