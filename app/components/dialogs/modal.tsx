import { useEffect, useId, useRef, type ReactNode } from "react";
import * as styles from "./dialogs.css";
import { useI18n } from "~/i18n/i18n";

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}

/**
 * A native modal <dialog>: showModal() traps focus, makes the page inert and closes on Escape; when it goes away,
 * focus returns to whatever opened it.
 */
export function Modal({ title, onClose, children, wide }: ModalProps) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      // Still in the document means React is only re-running effects (StrictMode), not closing the dialog.
      if (!dialog.isConnected) opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={wide ? `${styles.dialog} ${styles.wide}` : styles.dialog}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) ref.current.close();
      }}
    >
      <div className={styles.inner}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label={t("Close")} onClick={() => ref.current?.close()}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
