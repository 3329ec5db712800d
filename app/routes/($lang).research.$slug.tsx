import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DatedEntryArticle } from "~/components/content/dated-entry";
import { notFoundMeta, pageMeta, siteInfo } from "~/lib/meta";
import { research, requireContent, routeLocale } from "~/server/pages/content.server";
import { msg } from "~/domain/messages";

export const loader = ({ params }: LoaderFunctionArgs) => requireContent(research.get(params.slug ?? "", routeLocale(params)));

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const site = siteInfo(matches);
  if (!data) return notFoundMeta(site);
  return pageMeta(site, {
    title: data.title,
    description: data.description,
    path: location.pathname,
    type: "article",
    publishedTime: data.date,
    image: { title: data.title, subtitle: data.description, variant: "article" },
  });
};

export default function ResearchPaper() {
  return <DatedEntryArticle entry={useLoaderData<typeof loader>()} eyebrow={msg("Research")} backTo="/research" backLabel={msg("All papers")} />;
}
