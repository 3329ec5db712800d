import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import type { ContentData } from "~/components/content/content-route";
import * as styles from "~/components/content/content.css";
import { CHARITY, COST_PER_RING_USD, DAILY_WISH_LIMIT, RING_BATCH_SIZE, SHOTS } from "~/domain/limits";
import { pages, requireContent, routeLocale } from "~/server/content.server";
import { useI18n } from "~/i18n/i18n";
import { msg } from "~/domain/messages";

export { contentMeta as meta } from "~/components/content/content-route";

export const loader = ({ params }: LoaderFunctionArgs) => requireContent(pages.get("cost", routeLocale(params)));

const FIGURES = [
  { value: `~$${COST_PER_RING_USD}`, label: msg("quantum computer time per ring") },
  { value: String(RING_BATCH_SIZE), label: msg("wishes entangled in one ring") },
  { value: String(SHOTS), label: msg("measurements of every circuit") },
  { value: `${CHARITY.minimumPledgePercent}%+`, label: msg("of proceeds to mental health") },
  { value: String(DAILY_WISH_LIMIT), label: msg("wishes a day for each visitor") },
];

export default function Cost() {
  const { t } = useI18n();
  const page = useLoaderData<ContentData>();
  return (
    <ContentArticle
      title={page.title}
      description={page.description}
      html={page.html}
      lang={page.lang}
      before={
        <ul className={styles.stats} aria-label={t("The figures at a glance")}>
          {FIGURES.map((figure) => (
            <li key={figure.label} className={styles.stat}>
              <span className={styles.statValue}>{figure.value}</span>
              <span className={styles.statLabel}>{t(figure.label)}</span>
            </li>
          ))}
        </ul>
      }
    />
  );
}
