import { useEffect, useRef, useState } from "react";
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
 * Shows `value`, counting up to it over COUNT_UP_MS whenever it grows (instantly when the visitor prefers less
 * motion). The first value arrives with the page, so it is shown as is: counting up from zero after hydration
 * would flash the real number, then 0, then the count.
 */
function useCountUp(value: number): number {
  const [shown, setShown] = useState(value);
  const from = useRef(value);

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
  const { number } = useFormats();
  return (
    <span className={styles.value}>
      {/* Screen readers get the final number, not every step of the count. */}
      <span aria-hidden="true" suppressHydrationWarning>
        {number(shown)}
      </span>
      <span className={visuallyHidden} suppressHydrationWarning>
        {number(value)}
      </span>
    </span>
  );
}

/** The ribbon of counters (spec §2): total wishes and countries connected. */
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
