import { metricsDataset } from "./settings.server";

/**
 * Product metrics in Workers Analytics Engine (docs/operations.md#watching-it-run): one data point per event, tagged by language and country
 * code only. Where the METRICS binding is absent (a laptop, the tests) this does nothing.
 *
 * Layout, which the SQL in docs/operations.md reads: index1 = event; blob1 = event, blob2 = language,
 * blob3 = country code, blob4 = provider, blob5 = error code; double1 = 1 (the count), double2 = seconds.
 */
export type MetricEvent = "wish_submitted" | "ring" | "ring_completed" | "ring_failed" | "mail_sent" | "mail_failed" | "api_error";

export interface MetricTags {
  language?: string | null;
  country?: string | null;
  provider?: string | null;
  code?: string | null;
  seconds?: number | null;
  /** How many events this point stands for (a cron run that sent 3 mails writes one point of 3). */
  count?: number;
}

export function recordMetric(env: Env, event: MetricEvent, tags: MetricTags = {}): void {
  const dataset = metricsDataset(env);
  if (!dataset) return;
  try {
    dataset.writeDataPoint({
      indexes: [event],
      blobs: [event, tags.language ?? "", (tags.country ?? "").slice(0, 2).toUpperCase(), tags.provider ?? "", tags.code ?? ""],
      doubles: [tags.count ?? 1, tags.seconds ?? 0],
    });
  } catch {
    // Metrics never break what they measure.
  }
}
