import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { useFormats } from "~/i18n/format";
import { COUNT_UP_MS } from "~/domain/limits";
import type { RibbonStats } from "~/domain/public-wish";
import { prefersReducedMotion } from "~/hooks/use-reduced-motion";
import { visuallyHidden } from "~/styles/layout.css";
import * as styles from "./ribbon.css";
import { useI18n } from "~/i18n/i18n";
import { msg } from "~/domain/messages";

function easeOut(progress: number): number {
  return 1 - (1 - progress) ** 3;
}

/**
 * Shows `value`, counting up to it over COUNT_UP_MS on load and whenever it grows (docs/product.md#pages; instantly when the
 * visitor prefers less motion). On load it counts from zero: the server's number is kept out of sight until then
 * (see `awaitCount`), so it never flashes before the count starts.
 */
function useCountUp(value: number): number {
  // In the browser the count starts at zero (the server's number is hidden until then; the element takes the
  // mismatch with suppressHydrationWarning); with reduced motion it is the number at once.
  const [shown, setShown] = useState(() => (typeof document !== "undefined" && !prefersReducedMotion() ? 0 : value));
  const from = useRef(0);

  useEffect(() => {
    const start = from.current;
    from.current = value;
    if (value <= start || prefersReducedMotion()) {
      setShown(value);
      return;
    }
    let frame = 0;
    const began = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - began) / COUNT_UP_MS);
      setShown(Math.round(start + (value - start) * easeOut(progress)));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value]);

  return shown;
}

function Counter({ value, label }: { value: number | undefined; label: string }) {
  const { t } = useI18n();
  return (
    <li className={styles.item}>
      {value === undefined ? (
        <span className={styles.value}>
          <span aria-hidden="true">--</span>
          <span className={visuallyHidden}>{t("Not available yet")}</span>
        </span>
      ) : (
        <CountingValue value={value} />
      )}
      <span className={styles.label}>{t(label)}</span>
    </li>
  );
}

function CountingValue({ value }: { value: number }) {
  const shown = useCountUp(value);
  const hydrated = useHydrated();
  const { number } = useFormats();
  return (
    <span className={styles.value}>
      {/* Screen readers get the final number, not every step of the count. Until the page runs, the drawn number is
          hidden where scripts run (ribbon.css), so the count starts from zero; without scripts it shows. */}
      <span aria-hidden="true" suppressHydrationWarning className={hydrated ? undefined : styles.awaitCount}>
        {number(shown)}
      </span>
      <span className={visuallyHidden} suppressHydrationWarning>
        {number(value)}
      </span>
    </span>
  );
}

/** The ribbon of counters (docs/product.md#pages): total wishes and countries connected. */
export function Ribbon({ stats }: { stats: RibbonStats | null }) {
  const { t } = useI18n();
  return (
    <section aria-label={t("The bell in numbers")} className={styles.ribbon}>
      <ul className={styles.list}>
        <Counter value={stats?.totalWishes} label={msg("Total wishes")} />
        <Counter value={stats?.countriesEntangled} label={msg("Countries connected")} />
      </ul>
    </section>
  );
}
