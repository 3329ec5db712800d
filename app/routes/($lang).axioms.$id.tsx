import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import * as styles from "~/components/content/content.css";
import { notFoundMeta, pageMeta, siteInfo } from "~/lib/meta";
import { axioms, requireContent, routeLocale } from "~/server/pages/content.server";
import { translatorOfMatches, useI18n } from "~/i18n/i18n";

export const loader = async ({ params }: LoaderFunctionArgs) => {
  const locale = routeLocale(params);
  const axiom = await requireContent(axioms.get(params.id ?? "", locale));
  const all = axioms.list(locale);
  const index = all.findIndex((entry) => entry.slug === axiom.slug);
  const neighbour = (entry: (typeof all)[number] | undefined) => (entry ? { slug: entry.slug, title: entry.title } : null);
  return { ...axiom, count: all.length, previous: neighbour(all[index - 1]), next: neighbour(all[index + 1]) };
};

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const site = siteInfo(matches);
  if (!data) return notFoundMeta(site);
  const t = translatorOfMatches(matches);
  return pageMeta(site, {
    title: t("Axiom {number}: {title}", { number: data.order ?? 0, title: data.title }),
    description: data.description,
    path: location.pathname,
    image: { title: data.title, subtitle: data.description, variant: "article" },
  });
};

export default function Axiom() {
  const axiom = useLoaderData<typeof loader>();
  const { t, path } = useI18n();
  return (
    <ContentArticle
      title={axiom.title}
      description={axiom.description}
      html={axiom.html}
      lang={axiom.lang}
      eyebrow={t("Axiom {number} of {count}", { number: axiom.order ?? 0, count: axiom.count })}
    >
      <nav aria-label={t("More axioms")} className={styles.actions}>
        {axiom.previous ? (
          <Link to={path(`/axioms/${axiom.previous.slug}`)} className={styles.secondaryButton} rel="prev">
            ← {axiom.previous.title}
          </Link>
        ) : null}
        <Link to={path("/axioms")} className={styles.secondaryButton}>
          {t("All axioms")}
        </Link>
        {axiom.next ? (
          <Link to={path(`/axioms/${axiom.next.slug}`)} className={styles.secondaryButton} rel="next">
            {axiom.next.title} →
          </Link>
        ) : null}
      </nav>
    </ContentArticle>
  );
}
