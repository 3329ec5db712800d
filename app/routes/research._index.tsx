import { useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import { EntryList } from "~/components/content/entry-list";
import { research, pages, requireContent } from "~/server/content.server";

export { contentMeta as meta } from "~/components/content/content-route";

export const loader = () => ({ ...requireContent(pages.get("research")), entries: research.list() });

export default function ResearchList() {
  const { title, description, html, entries } = useLoaderData<typeof loader>();
  return (
    <ContentArticle title={title} description={description} html={html}>
      <EntryList entries={entries} basePath="/research" label="Research papers" />
    </ContentArticle>
  );
}
