import { useState } from "react";
import { flagDisplay } from "~/domain/map-country";
import * as styles from "./map.css";

/** A decorative flag (the country's name always sits next to it): each image in turn, then the emoji flag. */
export function FlagImage({ sources, emoji }: { sources: readonly string[]; emoji: string }) {
  const [failures, setFailures] = useState(0);
  const shown = flagDisplay(sources, emoji, failures);
  if (shown.kind === "emoji") {
    return (
      <span className={styles.flagEmoji} aria-hidden="true">
        {shown.emoji}
      </span>
    );
  }
  return (
    <img
      key={shown.src}
      className={styles.flagImage}
      src={shown.src}
      alt=""
      width={24}
      height={16}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailures((count) => count + 1)}
    />
  );
}
