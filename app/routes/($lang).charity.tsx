import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import type { ContentData } from "~/components/content/content-route";
import * as styles from "~/components/content/content.css";
import { openDialog } from "~/components/dialogs/dialog-names";
import { CHARITY } from "~/domain/limits";
import { pages, requireContent, routeLocale } from "~/server/pages/content.server";
import { storyPageValues } from "~/server/pages/story.server";
import { useI18n } from "~/i18n/i18n";

export { contentMeta as meta } from "~/components/content/content-route";

// Where a ring runs is said as this deployment's provider has it (app/domain/provider-story.ts).
export const loader = ({ params, context }: LoaderFunctionArgs) =>
  requireContent(pages.withValues("charity", routeLocale(params), storyPageValues(context.cloudflare.env, routeLocale(params))));

export default function Charity() {
  const { t, tag } = useI18n();
  const pounds = new Intl.NumberFormat(tag === "en" ? "en-GB" : tag, { style: "currency", currency: "GBP", maximumFractionDigits: 0 });
  const page = useLoaderData<ContentData>();
  const percent = Math.round((CHARITY.monthRaisedGbp / CHARITY.monthGoalGbp) * 1000) / 10;
  return (
    <ContentArticle
      title={page.title}
      description={page.description}
      html={page.html}
      lang={page.lang}
      before={
        <section className={styles.panel} aria-labelledby="charity-progress">
          <h2 id="charity-progress" className={styles.cardTitle}>
            {t("This month: {raised} of {goal}", { raised: pounds.format(CHARITY.monthRaisedGbp), goal: pounds.format(CHARITY.monthGoalGbp) })}
          </h2>
          <progress className={styles.progress} max={CHARITY.monthGoalGbp} value={CHARITY.monthRaisedGbp} aria-labelledby="charity-progress" />
          <p className={styles.hint}>
            {t("{percent}% of the monthly goal, with at least {pledge}% of proceeds after running costs pledged.", {
              percent,
              pledge: CHARITY.minimumPledgePercent,
            })}
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.button} onClick={() => openDialog("mental-health")}>
              {t("Support Mental Health")}
            </button>
          </div>
        </section>
      }
    />
  );
}
