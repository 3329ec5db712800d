import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { notFoundMeta, pageMeta, siteInfo } from "~/lib/meta";
import { ContentArticle } from "./content-article";
import type { Locale } from "~/domain/locale";

export interface ContentData {
  title: string;
  description: string;
  html: string;
  lang?: Locale;
}

/** The meta of a Markdown page; a 404 has no data and keeps the not-found title of the error boundary. */
export const contentMeta: MetaFunction = ({ data, matches, location }) => {
  const page = data as ContentData | undefined;
  if (!page) return notFoundMeta(siteInfo(matches));
  return pageMeta(siteInfo(matches), { title: page.title, description: page.description, path: location.pathname });
};

/** A plain Markdown page: its title, lead and body. */
export function ContentRoute() {
  const page = useLoaderData<ContentData>();
  return <ContentArticle title={page.title} description={page.description} html={page.html} lang={page.lang} />;
}
