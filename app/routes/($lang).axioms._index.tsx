import { msg } from "~/domain/messages";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import { EntryList } from "~/components/content/entry-list";
import { axioms, pages, requireContent, routeLocale } from "~/server/pages/content.server";

export { contentMeta as meta } from "~/components/content/content-route";

export const loader = async ({ params }: LoaderFunctionArgs) => ({ ...(await requireContent(pages.get("axioms", routeLocale(params)))), entries: axioms.list(routeLocale(params)) });

export default function AxiomsList() {
  const { title, description, html, entries, lang } = useLoaderData<typeof loader>();
  return (
    <ContentArticle title={title} description={description} html={html} lang={lang}>
      <EntryList entries={entries} basePath="/axioms" label={msg("The axioms")} />
    </ContentArticle>
  );
}
