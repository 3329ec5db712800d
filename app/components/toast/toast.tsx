import { Link } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { TOAST_MS } from "~/domain/limits";
import * as styles from "./toast.css";
import { useI18n } from "~/i18n/i18n";

export type ToastSeverity = "success" | "error" | "info";

export interface ToastOptions {
  /** How long it stays (TOAST_MS unless a message has its own, like the ring's RING_TOAST_MS). */
  durationMs?: number;
  /** A link after the message, e.g. to a ring's page. */
  link?: { to: string; label: string };
}

interface Toast extends ToastOptions {
  key: number;
  message: string;
  severity: ToastSeverity;
}

export interface ToastApi {
  show(message: string, severity: ToastSeverity, options?: ToastOptions): void;
  /** Takes the toast away at once (a page that leaves does not carry its note onto the next page). */
  dismiss(): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * One toast at a time, bottom centre (docs/product.md#pages). Both live regions stay in the page so a new message is always
 * announced: successes and notes politely, errors at once. The timer waits while the pointer or focus is on
 * the toast, so nobody loses a message they are reading.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [toast, setToast] = useState<Toast | null>(null);
  const [held, setHeld] = useState(false);
  const nextKey = useRef(0);

  const show = useCallback((message: string, severity: ToastSeverity, options: ToastOptions = {}) => {
    nextKey.current += 1;
    setToast({ key: nextKey.current, message, severity, ...options });
  }, []);
  const dismiss = useCallback(() => {
    setToast(null);
    setHeld(false);
  }, []);

  useEffect(() => {
    if (!toast || held) return;
    const timer = setTimeout(dismiss, toast.durationMs ?? TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, held, dismiss]);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  const message = toast ? (
    <p key={toast.key} className={styles.message}>
      {t(toast.message)}
      {toast.link ? (
        <>
          {" "}
          {/* Every open page shows this at once after a ring: its route is found when followed, not by all on sight. */}
          <Link to={toast.link.to} className={styles.link} onClick={dismiss} discover="none">
            {t(toast.link.label)}
          </Link>
        </>
      ) : null}
    </p>
  ) : null;

  // The frame is always in the page with both live regions inside it; only the message moves in and out.
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.viewport}>
        <div
          className={toast ? `${styles.toast} ${styles.severity[toast.severity]}` : styles.idle}
          onMouseEnter={() => setHeld(true)}
          onMouseLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape") dismiss();
          }}
        >
          {toast ? (
            <span aria-hidden="true" className={styles.icon}>
              {toast.severity === "success" ? "✓" : toast.severity === "error" ? "!" : "i"}
            </span>
          ) : null}
          <div role="status" aria-live="polite" aria-atomic="true" className={styles.region}>
            {toast?.severity !== "error" ? message : null}
          </div>
          <div role="alert" aria-atomic="true" className={styles.region}>
            {toast?.severity === "error" ? message : null}
          </div>
          {toast ? (
            <button type="button" className={styles.dismiss} onClick={dismiss} aria-label={t("Dismiss notification")}>
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

/** `show(message, severity, options)` puts a toast on screen; it replaces any toast already showing. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>.");
  return api;
}
