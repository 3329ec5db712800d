import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import type { NewsletterActionData } from "~/domain/contact";
import * as styles from "~/components/layout/site-footer.css";
import { visuallyHidden } from "~/styles/layout.css";
import { useI18n } from "~/i18n/i18n";

/** The footer sign-up: posts to /newsletter (a plain form post without JavaScript), answers in place with it. */
export function NewsletterForm() {
  const { t, path } = useI18n();
  const fetcher = useFetcher<NewsletterActionData>();
  const id = useId();
  const error = fetcher.data?.error;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={path("/newsletter")} className={styles.newsletter} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.groupTitle}>
        {t("Letters from the bell")}
      </h2>
      <p className={styles.small}>{t("A short note when something new rings: research, stories, charity updates. No spam, ever.")}</p>
      <div className={styles.newsletterRow}>
        <label htmlFor={`${id}-email`} className={visuallyHidden}>
          {t("Email address")}
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-status`}
        />
        <button type="submit" className={styles.button} disabled={busy}>
          {busy ? t("Subscribing…") : t("Subscribe")}
        </button>
      </div>
      <p id={`${id}-status`} role="status" className={error ? styles.error : styles.small}>
        {t(error ?? fetcher.data?.message ?? "")}
      </p>
    </fetcher.Form>
  );
}
