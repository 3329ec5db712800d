import { useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import type { ContentData } from "~/components/content/content-route";
import * as styles from "~/components/content/content.css";
import { openDialog } from "~/components/dialogs/dialog-names";
import { CHARITY } from "~/domain/limits";
import { pages, requireContent } from "~/server/content.server";

export { contentMeta as meta } from "~/components/content/content-route";

export const loader = () => requireContent(pages.get("charity"));

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });

export default function Charity() {
  const page = useLoaderData<ContentData>();
  const percent = Math.round((CHARITY.monthRaisedGbp / CHARITY.monthGoalGbp) * 1000) / 10;
  return (
    <ContentArticle
      title={page.title}
      description={page.description}
      html={page.html}
      before={
        <section className={styles.panel} aria-labelledby="charity-progress">
          <h2 id="charity-progress" className={styles.cardTitle}>
            This month: {pounds.format(CHARITY.monthRaisedGbp)} of {pounds.format(CHARITY.monthGoalGbp)}
          </h2>
          <progress className={styles.progress} max={CHARITY.monthGoalGbp} value={CHARITY.monthRaisedGbp} aria-labelledby="charity-progress" />
          <p className={styles.hint}>
            {percent}% of the monthly goal, with at least {CHARITY.minimumPledgePercent}% of proceeds after running costs pledged.
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.button} onClick={() => openDialog("mental-health")}>
              Support Mental Health
            </button>
          </div>
        </section>
      }
    />
  );
}
