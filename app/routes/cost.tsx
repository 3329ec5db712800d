import { useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import type { ContentData } from "~/components/content/content-route";
import * as styles from "~/components/content/content.css";
import { CHARITY, COST_PER_RING_USD, DAILY_WISH_LIMIT, RING_BATCH_SIZE, SHOTS } from "~/domain/limits";
import { pages, requireContent } from "~/server/content.server";

export { contentMeta as meta } from "~/components/content/content-route";

export const loader = () => requireContent(pages.get("cost"));

const FIGURES = [
  { value: `~$${COST_PER_RING_USD}`, label: "quantum computer time per ring" },
  { value: String(RING_BATCH_SIZE), label: "wishes entangled in one ring" },
  { value: String(SHOTS), label: "measurements of every circuit" },
  { value: `${CHARITY.minimumPledgePercent}%+`, label: "of proceeds to mental health" },
  { value: String(DAILY_WISH_LIMIT), label: "wishes a day for each visitor" },
];

export default function Cost() {
  const page = useLoaderData<ContentData>();
  return (
    <ContentArticle
      title={page.title}
      description={page.description}
      html={page.html}
      before={
        <ul className={styles.stats} aria-label="The figures at a glance">
          {FIGURES.map((figure) => (
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
