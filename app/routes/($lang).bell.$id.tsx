import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ringCard, ringMeta } from "~/components/result/result-copy";
import { ogImagePath, siteInfo } from "~/lib/meta";
import { RingResult } from "~/components/result/ring-result";
import { WISH_ID_MAX_LENGTH } from "~/domain/limits";
import { ringPath } from "~/domain/share";
import { localizePath, splitLocalePath } from "~/domain/locale";
import { DEFAULT_SITE_NAME } from "~/domain/site";
import type { loader as rootLoader } from "~/root";
import { signOgPath } from "~/server/og/signature.server";
import { getRingView } from "~/server/rings/ring-view.server";
import { translatorFor } from "~/i18n/catalogues.server";
import { translatorOfMatches } from "~/i18n/i18n";
import { settingsOf } from "~/server/settings.server";

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const ring = id && id.length <= WISH_ID_MAX_LENGTH ? await getRingView(context.cloudflare.env, id) : null;
  if (!ring) throw new Response("Not found", { status: 404 });
  const { origin } = new URL(request.url);
  const { env } = context.cloudflare;
  const { locale } = splitLocalePath(new URL(request.url).pathname);
  // The story image is drawn again in the browser as the ring fills in, so it comes signed from here (ADR 0026).
  const story = { ...ringCard(translatorFor(locale), ring, settingsOf(env).SITE_NAME, "story"), lang: locale };
  const storyPath = await signOgPath(env, ogImagePath(story));
  // A writer sharing their own ring gets a story with their own words (docs/product.md#the-loop-back): one signed path per wish, and the
  // browser, which knows which wish it wrote, picks its own. The words are the wish's, public on this page already.
  const ownStoryPaths = Object.fromEntries(
    await Promise.all(ring.wishes.filter((wish) => !wish.withdrawn && wish.wish).map(async (wish) => [wish.id, await signOgPath(env, ogImagePath({ ...story, words: wish.wish }))] as const)),
  );
  // The link a visitor shares opens in their language (a visitor who chose another is sent there).
  return { ring, url: `${origin}${localizePath(ringPath(ring.id), locale)}`, storyPath, ownStoryPaths };
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) => {
  if (!data) return [];
  return ringMeta({ ring: data.ring, site: siteInfo(matches), t: translatorOfMatches(matches) });
};

export default function BellRingPage() {
  const { ring, url, storyPath, ownStoryPaths } = useLoaderData<typeof loader>();
  const siteName = useRouteLoaderData<typeof rootLoader>("root")?.siteName ?? DEFAULT_SITE_NAME;
  // Keyed by ring, so moving from one ring to another starts its live state afresh.
  return <RingResult key={ring.id} ring={ring} url={url} siteName={siteName} storyPath={storyPath} ownStoryPaths={ownStoryPaths} />;
}
