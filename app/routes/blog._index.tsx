import { useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import { EntryList } from "~/components/content/entry-list";
import { blog, pages, requireContent } from "~/server/content.server";

export { contentMeta as meta } from "~/components/content/content-route";

export const loader = () => ({ ...requireContent(pages.get("blog")), entries: blog.list() });

export default function BlogList() {
  const { title, description, html, entries } = useLoaderData<typeof loader>();
  return (
    <ContentArticle title={title} description={description} html={html}>
      <EntryList entries={entries} basePath="/blog" label="Blog posts" />
    </ContentArticle>
  );
}
