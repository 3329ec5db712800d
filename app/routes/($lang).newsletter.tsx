import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import * as styles from "~/components/content/content.css";
import {
  NEWSLETTER_CHECK_INBOX,
  NEWSLETTER_CONFIRMED,
  NEWSLETTER_RATE_LIMITED,
  NEWSLETTER_TOKEN_INVALID,
  type NewsletterActionData,
} from "~/domain/contact";
import { pageMeta, siteInfo, siteTranslate } from "~/lib/meta";
import { confirmSubscription, subscribe } from "~/server/contact/newsletter.server";
import { readFormData } from "~/server/edge/request.server";
import { useI18n } from "~/i18n/i18n";

/**
 * GET /newsletter?token=… (the link in the confirmation letter) only shows a button: mail scanners open links, so
 * a GET that confirmed would subscribe people who never asked (docs/product.md#one-person-one-share). The button posts the token back.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token };
}

/** POST /newsletter: the footer form (by fetcher with JavaScript or as a plain post), or the letter's confirm button. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const form = await readFormData(request);
  if (form.get("intent") === "confirm") {
    const token = form.get("token");
    const confirmed = typeof token === "string" && (await confirmSubscription(env, token));
    if (confirmed) return { message: NEWSLETTER_CONFIRMED } satisfies NewsletterActionData;
    return data({ error: NEWSLETTER_TOKEN_INVALID } satisfies NewsletterActionData, { status: 400 });
  }
  const result = await subscribe(env, request, form);
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
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<NewsletterActionData>();
  const message = actionData?.error ?? actionData?.message;
  const confirming = token !== null && !message;
  return (
    <ContentArticle title={t("Letters from the bell")} description={t("A short note when something new rings: research, stories and charity updates.")}>
      <div role="status">
        {message ? <p className={actionData?.error ? styles.error : styles.success}>{t(message)}</p> : null}
      </div>
      {confirming ? (
        <Form method="post">
          <p>{t("One more step: press the button to confirm that you want letters from the bell at this address.")}</p>
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={styles.button}>
            {t("Confirm my subscription")}
          </button>
        </Form>
      ) : message ? null : (
        <p>{t("Sign up with the form at the foot of any page. We write only after you confirm the link we send you.")}</p>
      )}
      <p className={styles.actions}>
        <Link to={path("/")} className={styles.button}>
          {t("Back to the bell")}
        </Link>
      </p>
    </ContentArticle>
  );
}
