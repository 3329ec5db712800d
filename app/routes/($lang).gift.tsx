import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import type { ContentData } from "~/components/content/content-route";
import * as styles from "~/components/content/content.css";
import { visuallyHidden } from "~/styles/layout.css";
import { openDialog } from "~/components/dialogs/dialog-names";
import { donationDescription } from "~/domain/donations";
import { useDonations } from "~/hooks/use-donations";
import { pages, requireContent, routeLocale } from "~/server/pages/content.server";
import { storyPageValues } from "~/server/pages/story.server";
import { useI18n } from "~/i18n/i18n";

export { contentMeta as meta } from "~/components/content/content-route";

// Where a ring runs is said as this deployment's provider has it (app/domain/provider-story.ts).
export const loader = ({ params, context }: LoaderFunctionArgs) =>
  requireContent(pages.withValues("gift", routeLocale(params), storyPageValues(context.cloudflare.env, routeLocale(params))));

export default function Gift() {
  const { t } = useI18n();
  const page = useLoaderData<ContentData>();
  const links = useDonations();
  return (
    <ContentArticle title={page.title} description={page.description} html={page.html} lang={page.lang}>
      <section className={styles.panel} aria-labelledby="gift-ways">
        <h2 id="gift-ways">{t("Ways to give")}</h2>
        {links.length === 0 ? (
          <p className={styles.cardText}>{t("No donation page is set up on this site yet.")}</p>
        ) : (
          <>
            <p className={styles.cardText}>
              {t("Choose a provider below, or open the donation options to suggest an amount first. Every page opens in a new tab.")}
            </p>
            <ul className={styles.stats}>
              {links.map((link) => (
                <li key={link.id}>
                  <a className={styles.tile} href={link.href} target="_blank" rel="noopener noreferrer">
                    <span className={styles.tileTitle}>{link.label}</span>
                    <span className={styles.cardText}>
                      {" "}
                      {t(donationDescription(link.id))}
                      <span className={visuallyHidden}> {t("(opens in a new tab)")}</span>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
            <div className={styles.actions}>
              <button type="button" className={styles.button} onClick={() => openDialog("donation")}>
                {t("Choose an amount")}
              </button>
            </div>
          </>
        )}
      </section>
    </ContentArticle>
  );
}
