import { useHydrated } from "~/hooks/use-hydrated";

const SERVER_FORMAT = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
let localFormat: Intl.DateTimeFormat | undefined;

function formatLocally(date: Date): string {
  localFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  return localFormat.format(date);
}

/**
 * A wish's date and time. The server knows neither the visitor's language nor their time zone, so the page
 * arrives in UTC (the same text the hydrating browser renders first) and switches to local time once hydrated.
 */
export function WishTime({ timestamp, className }: { timestamp: string; className?: string }) {
  const hydrated = useHydrated();
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time dateTime={timestamp} className={className}>
      {hydrated ? formatLocally(date) : `${SERVER_FORMAT.format(date)} UTC`}
    </time>
  );
}
