import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import * as styles from "~/components/content/content.css";
import { notFoundMeta, pageMeta, siteInfo } from "~/lib/meta";
import { axioms, requireContent } from "~/server/content.server";

export const loader = ({ params }: LoaderFunctionArgs) => {
  const axiom = requireContent(axioms.get(params.id ?? ""));
  const all = axioms.list();
  const index = all.findIndex((entry) => entry.slug === axiom.slug);
  const neighbour = (entry: (typeof all)[number] | undefined) => (entry ? { slug: entry.slug, title: entry.title } : null);
  return { ...axiom, count: all.length, previous: neighbour(all[index - 1]), next: neighbour(all[index + 1]) };
};

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const site = siteInfo(matches);
  if (!data) return notFoundMeta(site);
  return pageMeta(site, {
    title: `Axiom ${data.order}: ${data.title}`,
    description: data.description,
    path: location.pathname,
    image: { title: data.title, subtitle: data.description, variant: "article" },
  });
};

export default function Axiom() {
  const axiom = useLoaderData<typeof loader>();
  return (
    <ContentArticle title={axiom.title} description={axiom.description} html={axiom.html} eyebrow={`Axiom ${axiom.order} of ${axiom.count}`}>
      <nav aria-label="More axioms" className={styles.actions}>
        {axiom.previous ? (
          <Link to={`/axioms/${axiom.previous.slug}`} className={styles.secondaryButton} rel="prev">
            ← {axiom.previous.title}
          </Link>
        ) : null}
        <Link to="/axioms" className={styles.secondaryButton}>
          All axioms
        </Link>
        {axiom.next ? (
          <Link to={`/axioms/${axiom.next.slug}`} className={styles.secondaryButton} rel="next">
            {axiom.next.title} →
          </Link>
        ) : null}
      </nav>
    </ContentArticle>
  );
}
