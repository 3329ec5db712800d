import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import type { ContentData } from "~/components/content/content-route";
import * as styles from "~/components/content/content.css";
import { CHARITY, COST_PER_RING_USD, DAILY_WISH_LIMIT, RING_BATCH_SIZE, SHOTS } from "~/domain/limits";
import { pages, requireContent, routeLocale } from "~/server/pages/content.server";
import { storyPageValues } from "~/server/pages/story.server";
import { useI18n } from "~/i18n/i18n";
import { useStory } from "~/hooks/use-story";
import { msg } from "~/domain/messages";

export { contentMeta as meta } from "~/components/content/content-route";

// Where a ring runs is said as this deployment's provider has it (app/domain/provider-story.ts).
export const loader = ({ params, context }: LoaderFunctionArgs) =>
  requireContent(pages.withValues("cost", routeLocale(params), storyPageValues(context.cloudflare.env, routeLocale(params))));

const FIGURES = [
  { value: String(RING_BATCH_SIZE), label: msg("wishes entangled in one ring") },
  { value: String(SHOTS), label: msg("measurements of every circuit") },
  { value: `${CHARITY.minimumPledgePercent}%+`, label: msg("of proceeds to mental health") },
  { value: String(DAILY_WISH_LIMIT), label: msg("wishes a day for each visitor") },
];

export default function Cost() {
  const { t } = useI18n();
  const { sentence } = useStory();
  // The first figure says what a ring costs where this deployment rings it (app/domain/provider-story.ts).
  const figures = [{ value: `~$${COST_PER_RING_USD}`, label: sentence("costFigure") }, ...FIGURES.map((figure) => ({ ...figure, label: t(figure.label) }))];
  const page = useLoaderData<ContentData>();
  return (
    <ContentArticle
      title={page.title}
      description={page.description}
      html={page.html}
      lang={page.lang}
      before={
        <ul className={styles.stats} aria-label={t("The figures at a glance")}>
          {figures.map((figure) => (
            <li key={figure.label} className={styles.stat}>
              <span className={styles.statValue}>{figure.value}</span>
              <span className={styles.statLabel}>{figure.label}</span>
            </li>
          ))}
        </ul>
      }
    />
  );
}
