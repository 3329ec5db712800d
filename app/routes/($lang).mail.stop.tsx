import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ContentArticle } from "~/components/content/content-article";
import * as styles from "~/components/content/content.css";
import { MAIL_STOP_BUTTON, MAIL_STOP_DONE, MAIL_STOP_INTRO, MAIL_STOP_INVALID, MAIL_STOP_TITLE } from "~/domain/messages";
import { pageMeta, siteInfo, siteTranslate } from "~/lib/meta";
import { isMailStopToken, stopMail } from "~/server/email/mail-stop.server";
import { readFormData } from "~/server/edge/request.server";
import { hitNetworkLimit } from "~/server/edge/rate-limit.server";
import { HOUR_MS } from "~/domain/limits";
import { useI18n } from "~/i18n/i18n";

// The "this wasn't me" link at the foot of every mail a visitor's typing sends (wish copies, friend mails, the
// newsletter's confirmation). Opening it changes nothing, since mail scanners open links; the button does.

export function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("t");
  // Only a cut link is a 400: the page read again after its button's post (which may carry no ?t=) is not (docs/product.md#one-person-one-share).
  return data({ token: isMailStopToken(token) ? token : null }, { status: token === null || isMailStopToken(token) ? 200 : 400 });
}

/** Stops made from one network in an hour (per /64, 4 times that per /48): every try costs a D1 write at most. */
export const MAIL_STOPS_PER_NETWORK_PER_HOUR = 20;

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const token = (await readFormData(request)).get("t");
  if (typeof token !== "string" || !isMailStopToken(token)) return data({ done: false }, { status: 400 });
  const limit = await hitNetworkLimit(env, request, "mail-stop", MAIL_STOPS_PER_NETWORK_PER_HOUR, HOUR_MS);
  if (!limit.allowed) return data({ done: false }, { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
  // A token the site did not sign (or an old one whose mail is gone from the outbox) stops nothing: an invalid link.
  if (!(await stopMail(env, token))) return data({ done: false }, { status: 400 });
  return { done: true };
}

export const meta: MetaFunction = ({ matches, location }) => {
  const site = siteInfo(matches);
  const t = siteTranslate(site);
  return pageMeta(site, { title: t(MAIL_STOP_TITLE), description: t(MAIL_STOP_INTRO), path: location.pathname, noindex: true });
};

export default function MailStop() {
  const { t } = useI18n();
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const message = result?.done ? MAIL_STOP_DONE : token === null || result?.done === false ? MAIL_STOP_INVALID : null;
  return (
    <ContentArticle title={t(MAIL_STOP_TITLE)} description={t(MAIL_STOP_INTRO)}>
      <div role="status">{message ? <p className={result?.done ? styles.success : styles.error}>{t(message)}</p> : null}</div>
      {token && !result?.done ? (
        <Form method="post" className={styles.actions}>
          <input type="hidden" name="t" value={token} />
          <button type="submit" className={styles.button}>
            {t(MAIL_STOP_BUTTON)}
          </button>
        </Form>
      ) : null}
    </ContentArticle>
  );
}
