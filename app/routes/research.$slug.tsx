import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import * as styles from "~/components/content/content.css";
import { formatDate } from "~/components/content/entry-list";
import { notFoundMeta, pageMeta, siteInfo } from "~/lib/meta";
import { research, requireContent } from "~/server/content.server";

export const loader = ({ params }: LoaderFunctionArgs) => requireContent(research.get(params.slug ?? ""));

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
  const entry = useLoaderData<typeof loader>();
  return (
    <ContentArticle
      title={entry.title}
      description={entry.description}
      html={entry.html}
      eyebrow="Research"
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
        <Link to="/research" className={styles.secondaryButton}>
          ← All papers
        </Link>
      </p>
    </ContentArticle>
  );
}
