import { useFormats } from "~/i18n/format";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * A wish's date and time. The server does not know the visitor's time zone, so the page arrives in UTC (the same
 * text the hydrating browser renders first) and switches to the device's local time once hydrated.
 */
export function WishTime({ timestamp, className }: { timestamp: string; className?: string }) {
  const hydrated = useHydrated();
  const formats = useFormats();
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time dateTime={timestamp} className={className} suppressHydrationWarning>
      {formats.dateTime(date, hydrated ? "local" : "utc")}
    </time>
  );
}
