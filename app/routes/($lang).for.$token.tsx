import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import * as styles from "~/components/content/content.css";
import * as forStyles from "~/components/for-someone/for-someone.css";
import { ShareMenu } from "~/components/wall/share-menu";
import { ringPath } from "~/domain/share";
import { splitLocalePath } from "~/domain/locale";
import {
  FOR_DESCRIPTION,
  FOR_FROM,
  FOR_NOT_FOUND,
  FOR_RANG,
  FOR_SEE_RING,
  FOR_SOMEONE,
  FOR_TITLE,
  FOR_WAITING,
  FOR_WRITE_BACK,
  ANONYMOUS_NAME,
} from "~/domain/messages";
import { pageMeta, siteInfo, siteTranslate } from "~/lib/meta";
import { useBellMessages, useSocketReopened } from "~/realtime/bell-socket";
import { wishForSomeone } from "~/server/wishes/for-someone.server";
import { useI18n } from "~/i18n/i18n";
import { isolating } from "~/domain/bidi";

// "Ring a bell for someone" (docs/product.md#the-loop-back, ADR 0060): the page the person a wish was written for opens from the link its
// writer handed on. Personal, so never cached or indexed; it follows the wish until its ring, live.

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const page = await wishForSomeone(context.cloudflare.env, params.token ?? "", splitLocalePath(new URL(request.url).pathname).locale);
  if (!page) throw new Response(FOR_NOT_FOUND, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return { ...page, origin: new URL(request.url).origin };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const site = siteInfo(matches);
  const t = siteTranslate(site);
  const title = data ? t(FOR_TITLE, { forName: data.forName }) : t(FOR_NOT_FOUND);
  return pageMeta(site, { title, description: t(FOR_DESCRIPTION), path: location.pathname, noindex: true });
};

export default function WishForSomeonePage() {
  const { t, path } = useI18n();
  const { forName, wish, ring, origin } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  // The ring arrives over the bell's socket: read the page again when a ring completes (or the socket comes back).
  useBellMessages((message) => {
    if (!ring && message.type === "batch-update" && message.subType === "completed") revalidator.revalidate();
  });
  useSocketReopened(() => revalidator.revalidate());
  const from = wish.name && wish.name !== ANONYMOUS_NAME ? wish.name : t(FOR_SOMEONE);
  return (
    <ContentArticle title={isolating(t)(FOR_TITLE, { forName })} description={isolating(t)(FOR_FROM, { from })}>
      <blockquote className={forStyles.quote} dir="auto">
        “{wish.wish}”
      </blockquote>
      <div aria-live="polite" data-testid="for-ring">
        {ring ? (
          <>
            <p>{t(FOR_RANG)}</p>
            <p className={forStyles.poem} suppressHydrationWarning>
              {ring.verse.map((line, index) => (index === 0 ? line : [<br key={`b${index}`} />, ` ${line}`]))}
            </p>
            <p>
              <Link to={path(ringPath(ring.id))}>{t(FOR_SEE_RING)}</Link>
            </p>
          </>
        ) : (
          <p>{t(FOR_WAITING)}</p>
        )}
      </div>
      <p className={styles.actions}>
        <Link to={`${path("/")}#wish-form`} className={styles.button}>
          {t(FOR_WRITE_BACK)}
        </Link>
      </p>
      <ShareMenu wish={wish} origin={origin} />
    </ContentArticle>
  );
}
