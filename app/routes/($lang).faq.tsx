import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import * as styles from "~/components/content/content.css";
import { faqJsonLd, pageMeta, siteInfo } from "~/lib/meta";
import { faq, routeLocale } from "~/server/pages/content.server";
import { storyPageValues } from "~/server/pages/story.server";

export const loader = async ({ params, context }: LoaderFunctionArgs) => {
  const locale = routeLocale(params);
  const { page, intro, items, lang } = await faq(locale, storyPageValues(context.cloudflare.env, locale));
  return { title: page.title, description: page.description, intro, items, lang };
};

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  if (!data) return [];
  return pageMeta(siteInfo(matches), {
    title: data.title,
    description: data.description,
    path: location.pathname,
    jsonLd: [faqJsonLd(data.items.map((item) => ({ question: item.question, answer: item.answerText })))],
  });
};

export default function Faq() {
  const { title, description, intro, items, lang } = useLoaderData<typeof loader>();
  return (
    <ContentArticle title={title} description={description} html={intro} lang={lang}>
      <div className={styles.prose}>
        {items.map((item) => (
          <section key={item.question} aria-label={item.question}>
            <h2>{item.question}</h2>
            <div dangerouslySetInnerHTML={{ __html: item.answerHtml }} />
          </section>
        ))}
      </div>
    </ContentArticle>
  );
}
