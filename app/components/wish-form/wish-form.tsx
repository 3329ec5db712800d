import { Form, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from "react";
import { useToast } from "~/components/toast/toast";
import {
  COUNTRY_MAX_LENGTH,
  ENCODING_STAGES,
  NAME_MAX_LENGTH,
  REFRESH_AFTER_ENCODING_MS,
  WISH_MAX_LENGTH,
  WISH_MIN_LENGTH,
} from "~/domain/limits";
import { EMAIL_HELPER, ENCODING_COMPLETE, FOR_NAME_HELPER, FOR_NAME_LABEL, SUBMIT_DAILY_LIMIT, SUBMIT_FAILED } from "~/domain/messages";
import { ForSomeoneShare } from "~/components/for-someone/for-someone-share";
import { isCounterWarning, isRingVisualActive, wishCharacterHint } from "~/domain/wish-rules";
import { useDeviceFingerprint } from "~/hooks/use-device-fingerprint";
import { callApi } from "~/lib/api-client";
import { useHydrated } from "~/hooks/use-hydrated";
import { prefersReducedMotion } from "~/hooks/use-reduced-motion";
import { LAST_WISH_ID_STORAGE_KEY, writeStorage } from "~/hooks/storage";
import { card, visuallyHidden } from "~/styles/layout.css";
import { celebrate } from "./celebration";
import { markEncoding } from "./events";
import { detectCountry, matchCountry, useCountryList } from "./countries";
import { ENCODING_STEPS, EncodingOverlay, type EncodingStage } from "./encoding-overlay";
import { EMPTY_WISH_FORM, type SentForSomeone, type WishFormFailure, type WishFormValues } from "~/domain/wish-form";
import * as styles from "./wish-form.css";
import { useI18n } from "~/i18n/i18n";

// With reduced motion the overlay still names each stage, just quickly.
const REDUCED_MOTION_STAGE_MS = 400;

type FieldName = keyof WishFormValues;
const FIELDS: readonly FieldName[] = ["wish", "name", "email", "country", "forName"];

interface FormError {
  message: string;
  field?: FieldName;
}

function asField(name: string | undefined): FieldName | undefined {
  return FIELDS.find((field) => field === name);
}

/**
 * The card 'Make a Wish for the World' (docs/product.md#validation). It is a plain form that posts to the home page's action, so it
 * works without JavaScript; with JavaScript it posts JSON to /api/wishes instead and plays the sequence of docs/product.md#submitting-a-wish:
 * encoding overlay, success toast, refresh after 1 s, and the star's flight to the bell.
 */
export function WishForm({ failure, submittedId, submittedFor }: { failure?: WishFormFailure; submittedId?: string; submittedFor?: SentForSomeone }) {
  const { t, tag, path } = useI18n();
  const toast = useToast();
  const fingerprint = useDeviceFingerprint();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const { countries, loadCountries } = useCountryList();
  const [values, setValues] = useState<WishFormValues>(failure?.values ?? EMPTY_WISH_FORM);
  const [coordinates, setCoordinates] = useState<{ lat: number; lon: number } | null>(null);
  const [error, setError] = useState<FormError | null>(
    failure ? { message: failure.error, field: asField(failure.field) } : null,
  );
  const [sending, setSending] = useState(false);
  const [stage, setStage] = useState<EncodingStage | null>(null);
  const [detecting, setDetecting] = useState(false);
  const [showNotice, setShowNotice] = useState(Boolean(submittedId));
  // The last wish written for someone: their page's link to hand on (from the API, or the post without JavaScript).
  const [sentFor, setSentFor] = useState<SentForSomeone | null>(submittedFor ?? null);

  const wishField = useRef<HTMLTextAreaElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const emailField = useRef<HTMLInputElement>(null);
  const countryField = useRef<HTMLInputElement>(null);
  const forNameField = useRef<HTMLInputElement>(null);
  const fields = { wish: wishField, name: nameField, email: emailField, country: countryField, forName: forNameField };
  const submitButton = useRef<HTMLButtonElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef<FieldName | "overlay" | "wish-quietly" | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const stopCelebration = useRef<() => void>(() => undefined);
  const latestRevalidator = useRef(revalidator);
  const encoding = useRef(false);

  useEffect(() => {
    latestRevalidator.current = revalidator;
    // Focus moves only once the render that makes its target focusable (or un-inert) is on screen.
    const target = focusAfterRender.current;
    focusAfterRender.current = null;
    if (target === "overlay") overlay.current?.focus();
    // The emptied wish box takes the focus back without pulling the page to it: the page glides to the bell.
    else if (target === "wish-quietly") fields.wish.current?.focus({ preventScroll: true });
    else if (target) fields[target].current?.focus();
  });

  useEffect(() => {
    const pending = timers.current;
    const celebration = stopCelebration;
    const marked = encoding;
    return () => {
      pending.forEach(clearTimeout);
      celebration.current();
      if (marked.current) markEncoding(false);
    };
  }, []);

  const length = values.wish.length;
  const trimmedLength = values.wish.trim().length;
  const longEnough = trimmedLength >= WISH_MIN_LENGTH;
  const busy = stage !== null;

  function later(delayMs: number, run: () => void) {
    timers.current.push(setTimeout(run, delayMs));
  }

  function update(field: FieldName) {
    return (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (field === "country") setCoordinates(null);
      if (error?.field === field) setError(null);
    };
  }

  function fail(message: string, field?: FieldName) {
    setSending(false);
    setError({ message, field });
    toast.show(t(message), "error");
    if (field) focusAfterRender.current = field;
  }

  function finishEncoding(wishId: string) {
    encoding.current = false;
    markEncoding(false);
    setStage(null);
    setSending(false);
    setValues(EMPTY_WISH_FORM);
    setCoordinates(null);
    toast.show(t(ENCODING_COMPLETE), "success");
    focusAfterRender.current = "wish-quietly";
    later(REFRESH_AFTER_ENCODING_MS, () => latestRevalidator.current.revalidate());
    stopCelebration.current = celebrate(submitButton.current, wishId);
  }

  function playEncoding(wishId: string) {
    encoding.current = true;
    markEncoding(true);
    const quick = prefersReducedMotion();
    setStage(ENCODING_STEPS[0].stage);
    focusAfterRender.current = "overlay";
    let at = 0;
    ENCODING_STEPS.forEach(({ stage: current }, index) => {
      at += quick ? REDUCED_MOTION_STAGE_MS : ENCODING_STAGES[current];
      const next = ENCODING_STEPS[index + 1];
      later(at, next ? () => setStage(next.stage) : () => finishEncoding(wishId));
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!longEnough || sending || busy) return;
    setSending(true);
    setError(null);
    setShowNotice(false);
    setSentFor(null);
    const result = await callApi("submitWish", {
      headers: { "Accept-Language": tag },
      body: {
        ...values,
        ...(coordinates ?? {}),
        timestamp: new Date().toISOString(),
        deviceFingerprint: fingerprint(),
      },
    });
    if (result.ok && result.data.wishId) {
      const answer = result.data;
      writeStorage(LAST_WISH_ID_STORAGE_KEY, answer.wishId);
      if (answer.forPath) setSentFor({ url: new URL(path(answer.forPath), window.location.origin).href, forName: values.forName.trim() });
      playEncoding(answer.wishId);
    } else if (result.status === 429) {
      fail(SUBMIT_DAILY_LIMIT);
    } else if (result.status === 400 && !result.ok && result.error.error) {
      fail(result.error.error, asField(result.error.field));
    } else {
      fail(SUBMIT_FAILED);
    }
  }

  function onWishKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  async function onDetect() {
    setDetecting(true);
    try {
      const [place, list] = await Promise.all([detectCountry(), loadCountries()]);
      if (place) {
        setValues((current) => ({ ...current, country: matchCountry(place.country, list) }));
        setCoordinates({ lat: place.lat, lon: place.lon });
      }
    } catch {
      // docs/product.md#sentences: a refused or failed location lookup is silent; only the busy state ends.
    } finally {
      setDetecting(false);
    }
  }

  const describedBy = (field: FieldName, ...ids: string[]) =>
    [...ids, error?.field === field ? `wish-form-${field}-error` : null].filter(Boolean).join(" ") || undefined;
  const fieldError = (field: FieldName) =>
    error?.field === field ? (
      <p id={`wish-form-${field}-error`} className={styles.fieldError}>
        {t(error.message)}
      </p>
    ) : null;

  return (
    <section id="wish-form" aria-labelledby="wish-form-title" className={`${card} ${styles.card}`}>
      <h2 id="wish-form-title" className={styles.title}>
        <span className={styles.ringVisual} data-active={hydrated && isRingVisualActive(values.wish, sending || busy)} aria-hidden="true" />
        {t("Make a Wish for the World")}
      </h2>
      {showNotice && submittedId ? (
        <p role="status" className={styles.notice}>
          {t(ENCODING_COMPLETE)}
        </p>
      ) : null}
      <Form method="post" action={`${path("/")}?index#wish-form`} noValidate onSubmit={onSubmit} className={styles.form} inert={busy}>
        <input type="hidden" name="intent" value="wish" />
        <div className={styles.field}>
          <label htmlFor="wish-form-wish" className={styles.label}>
            {t("Your wish")}
          </label>
          <textarea
            id="wish-form-wish"
            ref={wishField}
            name="wish"
            rows={4}
            maxLength={WISH_MAX_LENGTH}
            value={values.wish}
            onChange={update("wish")}
            onKeyDown={onWishKeyDown}
            aria-required="true"
            aria-invalid={error?.field === "wish" || undefined}
            aria-describedby={describedBy("wish", "wish-form-hint", "wish-form-counter")}
            aria-keyshortcuts="Control+Enter Meta+Enter"
            className={styles.textarea}
          />
          <div className={styles.wishFooter}>
            <p id="wish-form-hint" className={styles.hint}>
              {wishCharacterHint(t, trimmedLength)}
            </p>
            <p id="wish-form-counter" className={isCounterWarning(length) ? styles.counterWarning : styles.counter}>
              {length}/{WISH_MAX_LENGTH}
              <span className={visuallyHidden}> {t("characters")}</span>
            </p>
          </div>
          {fieldError("wish")}
        </div>

        <div className={styles.field}>
          <label htmlFor="wish-form-for-name" className={styles.label}>
            {t(FOR_NAME_LABEL)} <span className={styles.optional}>{t("(optional)")}</span>
          </label>
          <input
            id="wish-form-for-name"
            ref={forNameField}
            name="forName"
            type="text"
            autoComplete="off"
            maxLength={NAME_MAX_LENGTH}
            value={values.forName}
            onChange={update("forName")}
            aria-invalid={error?.field === "forName" || undefined}
            aria-describedby={describedBy("forName", "wish-form-for-name-helper")}
            className={styles.input}
          />
          <p id="wish-form-for-name-helper" className={styles.hint}>
            {t(FOR_NAME_HELPER)}
          </p>
          {fieldError("forName")}
        </div>

        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor="wish-form-name" className={styles.label}>
              {t("Your name")} <span className={styles.optional}>{t("(optional)")}</span>
            </label>
            <input
              id="wish-form-name"
              ref={nameField}
              name="name"
              type="text"
              autoComplete="nickname"
              maxLength={NAME_MAX_LENGTH}
              placeholder={t("Or stay anonymous")}
              value={values.name}
              onChange={update("name")}
              aria-invalid={error?.field === "name" || undefined}
              aria-describedby={describedBy("name")}
              className={styles.input}
            />
            {fieldError("name")}
          </div>
          <div className={styles.field}>
            <label htmlFor="wish-form-email" className={styles.label}>
              {t("Your email")} <span className={styles.optional}>{t("(optional)")}</span>
            </label>
            <input
              id="wish-form-email"
              ref={emailField}
              name="email"
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={update("email")}
              aria-invalid={error?.field === "email" || undefined}
              aria-describedby={describedBy("email", "wish-form-email-helper")}
              className={styles.input}
            />
            <p id="wish-form-email-helper" className={styles.hint}>
              {t(EMAIL_HELPER)}
            </p>
            {fieldError("email")}
          </div>
        </div>

        <div className={styles.field}>
          <label htmlFor="wish-form-country" className={styles.label}>
            {t("Your country")} <span className={styles.optional}>{t("(optional)")}</span>
          </label>
          <div className={styles.countryRow}>
            <input
              id="wish-form-country"
              ref={countryField}
              name="country"
              type="text"
              list="wish-form-countries"
              autoComplete="country-name"
              maxLength={COUNTRY_MAX_LENGTH}
              value={values.country}
              onChange={update("country")}
              onFocus={() => void loadCountries()}
              aria-invalid={error?.field === "country" || undefined}
              aria-describedby={describedBy("country")}
              className={styles.input}
            />
            {hydrated && "geolocation" in navigator ? (
              <button type="button" className={styles.secondary} onClick={onDetect} disabled={detecting} aria-busy={detecting}>
                {detecting ? t("Detecting…") : t("Detect my country")}
              </button>
            ) : null}
          </div>
          <datalist id="wish-form-countries">
            {countries.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          {fieldError("country")}
        </div>

        <div className={styles.submitRow}>
          <button
            ref={submitButton}
            type="submit"
            className={styles.submit}
            // Only too-short text disables the button; while sending it stays focusable so focus is never lost.
            disabled={hydrated && !longEnough}
            aria-disabled={sending || undefined}
            aria-describedby={
              [hydrated ? "wish-form-shortcut" : null, error && !error.field ? "wish-form-error" : null].filter(Boolean).join(" ") ||
              undefined
            }
          >
            {sending ? t("Sending…") : t("Send Wish")}
          </button>
          {hydrated ? (
            <p id="wish-form-shortcut" className={styles.hint}>
              {t("Press Ctrl + Enter (⌘ + Enter on a Mac) to send.")}
            </p>
          ) : null}
        </div>
        {error && !error.field ? (
          <p id="wish-form-error" className={styles.formError}>
            {t(error.message)}
          </p>
        ) : null}
      </Form>
      {sentFor && !busy ? <ForSomeoneShare url={sentFor.url} forName={sentFor.forName} /> : null}
      <EncodingOverlay stage={stage} panelRef={overlay} />
    </section>
  );
}
