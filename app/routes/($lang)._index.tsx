import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useMemo, type MouseEvent } from "react";
import { BellRinger } from "~/components/bell/bell-ringer";
import * as styles from "~/components/home/home.css";
import { hydrateWhenIdle } from "~/components/deferred/hydrate-when-idle";
import { LiveStrip as LiveStripNow } from "~/components/live-strip/live-strip";
import { LazyWorldMap } from "~/components/map/lazy-world-map";
import { PendingWishes as PendingWishesNow } from "~/components/pending/pending-wishes";
import { Ribbon } from "~/components/ribbon/ribbon";
import { WishWall as WishWallNow } from "~/components/wall/wish-wall";
import { OPEN_DIALOG_EVENT, type HomeDialog } from "~/components/wish-form/events";
import { WishForm } from "~/components/wish-form/wish-form";
import { useYourWish } from "~/components/your-wish/use-your-wish";
import { YourWishCard } from "~/components/your-wish/your-wish-card";
import { stripCountriesByName } from "~/domain/live-activity";
import { pageMeta, siteInfo, siteJsonLd } from "~/lib/meta";
import { homeAction, loadHome } from "~/server/pages/home.server";
import { container } from "~/styles/layout.css";
import { useI18n } from "~/i18n/i18n";
import { translatorOfMatches } from "~/i18n/i18n";
import { msg } from "~/domain/messages";
import { useLiveHome } from "~/realtime/live-home";
import { prefersReducedMotion } from "~/hooks/use-reduced-motion";

export const meta: MetaFunction = ({ matches }) => {
  const site = siteInfo(matches);
  const t = translatorOfMatches(matches);
  return pageMeta(site, {
    description: t(
      "A digital wishing well for the quantum age. Write a wish for peace, ring a shared quantum bell with wishes from around the world, and read the line its quantum circuit answers.",
    ),
    path: "/",
    jsonLd: siteJsonLd(site),
  });
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadHome(context.cloudflare.env, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return homeAction(request, context.cloudflare);
}

// Below the fold: rendered on the server, hydrated once the browser is idle (see hydrateWhenIdle).
const LiveStrip = hydrateWhenIdle(LiveStripNow);
const PendingWishes = hydrateWhenIdle(PendingWishesNow);
const WishWall = hydrateWhenIdle(WishWallNow);

const HERO_ACTIONS: readonly { dialog: HomeDialog; label: string; href: string }[] = [
  { dialog: "how-it-works", label: msg("How it Works"), href: "/why" },
  // In-page, so the address keeps any Wish Wall filters.
  { dialog: "send-wish", label: msg("Send a Wish to a Friend"), href: "#wish-form" },
  { dialog: "mental-health", label: msg("Support Mental Health"), href: "/charity" },
];

/**
 * The hero buttons are real links, so they work before (and without) any dialog. They first offer the click to a
 * dialog: whoever opens it calls preventDefault() on the event, and only then is the link's navigation skipped.
 */
function offerToDialog(event: MouseEvent<HTMLAnchorElement>, dialog: HomeDialog) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const opened = !window.dispatchEvent(new CustomEvent(OPEN_DIALOG_EVENT, { detail: dialog, cancelable: true }));
  if (opened) event.preventDefault();
}

/**
 * The way in on a phone's first screen (docs/product.md#your-ring): one filled action that brings the wish box up and puts the cursor
 * in it. Without JavaScript it is an in-page link to the form.
 */
function goToWishBox(event: MouseEvent<HTMLAnchorElement>) {
  const field = document.getElementById("wish-form-wish");
  if (!field || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  document.getElementById("wish-form")?.scrollIntoView({ block: "start", behavior: prefersReducedMotion() ? "auto" : "smooth" });
  field.focus({ preventScroll: true });
}

export default function Home() {
  const { t, path } = useI18n();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const countries = useMemo(
    () => data.countryOptions ?? stripCountriesByName(data.liveStrip).map((name) => ({ value: name, label: name })),
    [data.countryOptions, data.liveStrip],
  );
  // The ribbon, the pending wishes (and the bell card's count of them) and the live strip follow the room's messages.
  const live = useLiveHome({ stats: data.stats, pending: data.pending, liveStrip: data.liveStrip, creditsSeconds: data.creditsSeconds });
  const yourWish = useYourWish(live.pending);

  return (
    <div className={container}>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.headline}>
          {t("Write a wish, ring the bell, join the world in hope")}
        </h1>
        <p className={styles.tagline}>{t("A digital wishing well for the quantum age.")}</p>
        <a href="#wish-form" className={styles.primaryAction} onClick={goToWishBox} data-testid="way-in">
          {t("Write your wish")}
        </a>
        <nav aria-label={t("Get started")} className={styles.heroActions}>
          {HERO_ACTIONS.map(({ dialog, label, href }) =>
            href.startsWith("#") ? (
              <a key={dialog} href={href} className={styles.heroAction} onClick={(event) => offerToDialog(event, dialog)}>
                {t(label)}
              </a>
            ) : (
              <Link key={dialog} to={path(href)} className={styles.heroAction} onClick={(event) => offerToDialog(event, dialog)}>
                {t(label)}
              </Link>
            ),
          )}
        </nav>
      </section>

      <Ribbon stats={live.stats} />

      <div className={styles.columns}>
        <WishForm failure={actionData?.failure} submittedId={searchParams.get("submitted") ?? undefined} submittedFor={data.submittedFor} />
        <div className={styles.bellStack}>
          <section id="bell-ringer" className={styles.bellColumn} aria-labelledby="bell-ringer-title">
            <BellRinger pending={live.pending} creditsSeconds={live.creditsSeconds} cooldownMs={data.cooldownMs} />
          </section>
          <YourWishCard state={yourWish} />
        </div>
      </div>

      <section aria-labelledby="world-map-title" className={styles.mapSection}>
        <h2 id="world-map-title">{t("Wishes around the world")}</h2>
        <LazyWorldMap yourCountryCode={yourWish?.wish.countryCode ?? null} />
      </section>
      <LiveStrip entries={live.liveStrip} />
      <PendingWishes pending={live.pending} strip={data.waitingStrip} />
      <WishWall
        wall={data.wall}
        filters={data.filters}
        totalWishes={live.stats?.totalWishes}
        countries={countries}
        origin={data.origin}
      />
    </div>
  );
}
