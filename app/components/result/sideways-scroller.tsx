import { useEffect, useRef, useState, type ReactNode } from "react";
import * as styles from "./result.css";

/**
 * A drawing too wide for the screen, in a box that scrolls sideways (and by keyboard: the box takes focus). When it
 * does not fit, a line under it says so, since a cut drawing otherwise reads as the whole of it.
 */
export function SidewaysScroller({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [cut, setCut] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setCut(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <div ref={box} className={styles.scroller} tabIndex={0} role="group" aria-label={label}>
        {children}
      </div>
      {cut ? (
        <p className={styles.scrollHint} aria-hidden="true">
          {hint}
        </p>
      ) : null}
    </>
  );
}
