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
import { settingsOf } from "~/server/edge/settings.server";

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const ring = id && id.length <= WISH_ID_MAX_LENGTH ? await getRingView(context.cloudflare.env, id) : null;
  if (!ring) throw new Response(null, { status: 404 });
  const { origin } = new URL(request.url);
  const { env } = context.cloudflare;
  const { locale } = splitLocalePath(new URL(request.url).pathname);
  // The posters are drawn again in the browser as the ring fills in, so they come signed from here (ADR 0026): the
  // story (9:16) and the square (1:1).
  const site = settingsOf(env).SITE_NAME;
  const story = { ...ringCard(translatorFor(locale), ring, site, "story", locale), lang: locale };
  const square = { ...ringCard(translatorFor(locale), ring, site, "square", locale), lang: locale };
  // A writer sharing their own ring gets posters with their own words (docs/product.md#the-loop-back): one signed path
  // per wish, and the browser, which knows which wish it wrote, picks its own. The words are the wish's, public on
  // this page already.
  const writers = ring.wishes.filter((wish) => !wish.withdrawn && wish.wish);
  const ownPaths = async (card: typeof story) =>
    Object.fromEntries(await Promise.all(writers.map(async (wish) => [wish.id, await signOgPath(env, ogImagePath({ ...card, words: wish.wish }))] as const)));
  const [storyPath, ownStoryPaths, squarePath, ownSquarePaths] = await Promise.all([
    signOgPath(env, ogImagePath(story)),
    ownPaths(story),
    signOgPath(env, ogImagePath(square)),
    ownPaths(square),
  ]);
  // The link a visitor shares opens in their language (a visitor who chose another is sent there).
  return { ring, url: `${origin}${localizePath(ringPath(ring.id), locale)}`, storyPath, ownStoryPaths, squarePath, ownSquarePaths };
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) => {
  if (!data) return [];
  return ringMeta({ ring: data.ring, site: siteInfo(matches), t: translatorOfMatches(matches) });
};

export default function BellRingPage() {
  const { ring, url, storyPath, ownStoryPaths, squarePath, ownSquarePaths } = useLoaderData<typeof loader>();
  const siteName = useRouteLoaderData<typeof rootLoader>("root")?.siteName ?? DEFAULT_SITE_NAME;
  // Keyed by ring, so moving from one ring to another starts its live state afresh.
  return <RingResult key={ring.id} ring={ring} url={url} siteName={siteName} storyPath={storyPath} ownStoryPaths={ownStoryPaths} squarePath={squarePath} ownSquarePaths={ownSquarePaths} />;
}
