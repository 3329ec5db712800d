import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import * as styles from "~/components/content/content.css";
import { formatDate } from "~/components/content/entry-list";
import { blogPostingJsonLd, notFoundMeta, pageMeta, siteInfo } from "~/lib/meta";
import { blog, requireContent } from "~/server/content.server";

export const loader = ({ params }: LoaderFunctionArgs) => requireContent(blog.get(params.slug ?? ""));

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
    jsonLd: [
      blogPostingJsonLd(site, {
        title: data.title,
        description: data.description,
        date: data.date ?? "",
        author: data.author ?? site.siteName,
        path: location.pathname,
      }),
    ],
  });
};

export default function BlogPost() {
  const entry = useLoaderData<typeof loader>();
  return (
    <ContentArticle
      title={entry.title}
      description={entry.description}
      html={entry.html}
      eyebrow="Blog"
      before={
        entry.date ? (
          <p className={styles.meta}>
            <time dateTime={entry.date}>{formatDate(entry.date)}</time>
            {entry.author ? ` · ${entry.author}` : ""}
          </p>
        ) : null
      }
    >
      <p className={styles.actions}>
        <Link to="/blog" className={styles.secondaryButton}>
          ← All posts
        </Link>
      </p>
    </ContentArticle>
  );
}
