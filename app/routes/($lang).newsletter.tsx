import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import * as styles from "~/components/content/content.css";
import {
  NEWSLETTER_CHECK_INBOX,
  NEWSLETTER_CONFIRMED,
  NEWSLETTER_RATE_LIMITED,
  NEWSLETTER_TOKEN_INVALID,
} from "~/domain/contact";
import { pageMeta, siteInfo, siteTranslate } from "~/lib/meta";
import { confirmSubscription, subscribe } from "~/server/newsletter.server";
import { readFormData } from "~/server/request.server";
import { useI18n } from "~/i18n/i18n";

export interface NewsletterActionData {
  message?: string;
  error?: string;
}

/** GET /newsletter?token=… confirms a subscription (the link in the confirmation letter). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return { confirmed: null };
  const confirmed = await confirmSubscription(context.cloudflare.env, token);
  return data({ confirmed }, { status: confirmed ? 200 : 400 });
}

/** POST /newsletter: the footer form, by fetcher with JavaScript or as a plain form post without. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const result = await subscribe(env, request, await readFormData(request));
  if (result.status === "pending") return { message: NEWSLETTER_CHECK_INBOX } satisfies NewsletterActionData;
  if (result.status === "rate-limited") {
    return data({ error: NEWSLETTER_RATE_LIMITED } satisfies NewsletterActionData, {
      status: 429,
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  return data({ error: Object.values(result.errors)[0] } satisfies NewsletterActionData, { status: 400 });
}

export const meta: MetaFunction = ({ matches, location }) => {
  const site = siteInfo(matches);
  const t = siteTranslate(site);
  return pageMeta(site, {
    title: t("Newsletter"),
    description: t("Letters from the bell: research, stories and charity updates, sent only after you confirm."),
    path: location.pathname,
    noindex: true,
  });
};

export default function Newsletter() {
  const { t, path } = useI18n();
  const { confirmed } = useLoaderData<typeof loader>();
  const actionData = useActionData<NewsletterActionData>();
  const message =
    actionData?.error ?? actionData?.message ?? (confirmed === true ? NEWSLETTER_CONFIRMED : confirmed === false ? NEWSLETTER_TOKEN_INVALID : undefined);
  return (
    <ContentArticle title={t("Letters from the bell")} description={t("A short note when something new rings: research, stories and charity updates.")}>
      <div role="status">
        {message ? <p className={actionData?.error || confirmed === false ? styles.error : styles.success}>{t(message)}</p> : null}
      </div>
      {message ? null : <p>{t("Sign up with the form at the foot of any page. We write only after you confirm the link we send you.")}</p>}
      <p className={styles.actions}>
        <Link to={path("/")} className={styles.button}>
          {t("Back to the bell")}
        </Link>
      </p>
    </ContentArticle>
  );
}
