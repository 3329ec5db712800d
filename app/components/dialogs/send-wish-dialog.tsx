import { useId, useState, type FormEvent } from "react";
import { WISH_MAX_LENGTH } from "~/domain/limits";
import { FRIEND_SEND_FAILED, FRIEND_SENT_BODY, FRIEND_SENT_TITLE } from "~/domain/messages";
import { friendWishSchema } from "~/domain/wish";
import { callApi } from "~/lib/api-client";
import { Modal } from "./modal";
import * as styles from "./dialogs.css";
import { useI18n } from "~/i18n/i18n";

type Field = "wish" | "name" | "friendEmail" | "message";
type Errors = Partial<Record<Field, string>>;

export default function SendWishDialog({ onClose }: { onClose: () => void }) {
  const { t, tag } = useI18n();
  const id = useId();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = friendWishSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      setFormError(undefined);
      const first = (["wish", "friendEmail", "name", "message"] as const).find((field) => next[field]);
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setFormError(undefined);
    setSending(true);
    // The friend's mail is written in this page's language.
    const result = await callApi("sendWishToFriend", { body: parsed.data, headers: { "Accept-Language": tag } });
    if (result.ok) setSent(true);
    else setFormError(result.error.error || FRIEND_SEND_FAILED);
    setSending(false);
  }

  const described = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className={styles.fieldError}>
        {t(errors[field])}
      </p>
    ) : null;

  return (
    <Modal title={t("Send a Wish to a Friend")} onClose={onClose}>
      {sent ? (
        <div role="status" className={styles.success}>
          <h3 className={styles.stepTitle}>{t(FRIEND_SENT_TITLE)}</h3>
          <p className={styles.text}>{t(FRIEND_SENT_BODY)}</p>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className={styles.form}>
          <div className={styles.field}>
            <label htmlFor={`${id}-wish`} className={styles.label}>
              {t("Your wish")}
            </label>
            <textarea
              id={`${id}-wish`}
              name="wish"
              rows={3}
              maxLength={WISH_MAX_LENGTH}
              required
              className={styles.input}
              aria-invalid={errors.wish ? true : undefined}
              aria-describedby={described("wish")}
            />
            {fieldError("wish")}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-name`} className={styles.label}>
              {t("Your name")} {t("(optional)")}
            </label>
            <input id={`${id}-name`} name="name" autoComplete="name" className={styles.input} aria-invalid={errors.name ? true : undefined} aria-describedby={described("name")} />
            {fieldError("name")}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-friendEmail`} className={styles.label}>
              {t("Friend's email")}
            </label>
            <input
              id={`${id}-friendEmail`}
              name="friendEmail"
              type="email"
              required
              className={styles.input}
              aria-invalid={errors.friendEmail ? true : undefined}
              aria-describedby={described("friendEmail")}
            />
            {fieldError("friendEmail")}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-message`} className={styles.label}>
              {t("Personal message")} {t("(optional)")}
            </label>
            <textarea id={`${id}-message`} name="message" rows={3} className={styles.input} aria-invalid={errors.message ? true : undefined} aria-describedby={described("message")} />
            {fieldError("message")}
          </div>
          {formError ? (
            <p role="alert" className={styles.fieldError}>
              {t(formError)}
            </p>
          ) : null}
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={sending}>
              {sending ? t("Sending…") : t("Send wish")}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
