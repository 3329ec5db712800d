import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data, type ActionFunctionArgs, type HeadersFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ContentArticle } from "~/components/content/content-article";
import type { ContentData } from "~/components/content/content-route";
import * as styles from "~/components/content/content.css";
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_RATE_LIMITED,
  CONTACT_SENT,
  CONTACT_SUBJECT_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
} from "~/domain/contact";
import { NAME_MAX_LENGTH } from "~/domain/limits";
import { submitContact } from "~/server/contact/contact.server";
import { pages, requireContent, routeLocale } from "~/server/pages/content.server";
import { readFormData } from "~/server/edge/request.server";
import { useI18n } from "~/i18n/i18n";
import { msg } from "~/domain/messages";

export { contentMeta as meta } from "~/components/content/content-route";

export const loader = ({ params }: LoaderFunctionArgs) => requireContent(pages.get("contact", routeLocale(params)));

// A refused message tells the browser when to try again.
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const result = await submitContact(env, request, await readFormData(request));
  if (result.status === "sent") return { sent: true as const, message: CONTACT_SENT };
  if (result.status === "rate-limited") {
    return data(
      { sent: false as const, error: CONTACT_RATE_LIMITED, errors: {} as Record<string, string> },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return data({ sent: false as const, error: undefined, errors: result.errors }, { status: 400 });
}

const FIELDS = [
  { name: "name", label: msg("Your name"), optional: true, autoComplete: "name", maxLength: NAME_MAX_LENGTH },
  { name: "email", label: msg("Your email"), type: "email", autoComplete: "email", required: true, maxLength: EMAIL_MAX_LENGTH },
  { name: "subject", label: msg("Subject"), optional: true, maxLength: CONTACT_SUBJECT_MAX_LENGTH },
] as const;

export default function Contact() {
  const { t } = useI18n();
  const page = useLoaderData<ContentData>();
  const result = useActionData<typeof action>();
  const sending = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const errors = result && !result.sent ? result.errors : {};

  useEffect(() => {
    if (result?.sent) formRef.current?.reset();
  }, [result]);

  const describedBy = (name: string) => (errors[name] ? `contact-${name}-error` : undefined);

  return (
    <ContentArticle title={page.title} description={page.description} html={page.html} lang={page.lang}>
      <section className={styles.panel} aria-labelledby="contact-form-title">
        <h2 id="contact-form-title" className={styles.cardTitle}>
          {t("Write to us")}
        </h2>
        <Form method="post" ref={formRef} className={styles.form} noValidate>
          {FIELDS.map((field) => (
            <div key={field.name} className={styles.field}>
              <label htmlFor={`contact-${field.name}`} className={styles.label}>
                {t(field.label)}
                {"optional" in field ? ` ${t("(optional)")}` : ""}
              </label>
              <input
                id={`contact-${field.name}`}
                name={field.name}
                type={"type" in field ? field.type : "text"}
                autoComplete={"autoComplete" in field ? field.autoComplete : "off"}
                required={"required" in field}
                maxLength={field.maxLength}
                className={styles.input}
                aria-invalid={errors[field.name] ? true : undefined}
                aria-describedby={describedBy(field.name)}
              />
              {errors[field.name] ? (
                <p id={`contact-${field.name}-error`} className={styles.error}>
                  {t(errors[field.name])}
                </p>
              ) : null}
            </div>
          ))}
          <div className={styles.field}>
            <label htmlFor="contact-message" className={styles.label}>
              {t("Your message")}
            </label>
            <textarea
              id="contact-message"
              name="message"
              rows={6}
              required
              maxLength={CONTACT_MESSAGE_MAX_LENGTH}
              className={styles.input}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? "contact-message-error contact-privacy" : "contact-privacy"}
            />
            {errors.message ? (
              <p id="contact-message-error" className={styles.error}>
                {t(errors.message)}
              </p>
            ) : null}
            <p id="contact-privacy" className={styles.hint}>
              {t("Your email is used only to reply to you. It is never shown on the site or shared.")}
            </p>
          </div>
          <div role="status">
            {result?.sent ? <p className={styles.success}>{t(result.message)}</p> : null}
            {result && !result.sent && result.error ? <p className={styles.error}>{t(result.error)}</p> : null}
          </div>
          <div>
            <button type="submit" className={styles.button} disabled={sending}>
              {sending ? t("Sending…") : t("Send message")}
            </button>
          </div>
        </Form>
      </section>
    </ContentArticle>
  );
}
