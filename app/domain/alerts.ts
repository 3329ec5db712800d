/**
 * The operator alert (ADR 0111): an incident opens when /healthz's rules find a problem and closes when none is left.
 * Its alert goes once, and its recovery once; no two messages go closer together than ALERT_MIN_INTERVAL_MS, so a
 * site that flaps sends one alert, then the recovery, then nothing until the interval has passed.
 */
export const ALERT_MIN_INTERVAL_MS = 30 * 60_000;

export interface AlertState {
  /** When the open incident began, or null when the site is healthy. */
  incidentSince: number | null;
  /** When this incident's alert went, or null while it waits for the interval. */
  alertedAt: number | null;
  lastSentAt: number | null;
}

export const NO_INCIDENT: AlertState = { incidentSince: null, alertedAt: null, lastSentAt: null };

export type AlertKind = "incident" | "recovery";

export function decideAlert(state: AlertState, problems: readonly string[], now: number): { send: AlertKind | null; next: AlertState } {
  const mayAlert = state.lastSentAt === null || now - state.lastSentAt >= ALERT_MIN_INTERVAL_MS;
  if (problems.length > 0) {
    const incidentSince = state.incidentSince ?? now;
    if (state.alertedAt !== null || !mayAlert) return { send: null, next: { ...state, incidentSince } };
    return { send: "incident", next: { incidentSince, alertedAt: now, lastSentAt: now } };
  }
  if (state.incidentSince === null) return { send: null, next: state };
  // An incident nobody was told of (held back by the interval) closes quietly: a recovery of nothing is noise.
  if (state.alertedAt === null) return { send: null, next: { ...state, incidentSince: null } };
  return { send: "recovery", next: { incidentSince: null, alertedAt: null, lastSentAt: now } };
}

export interface AlertMessage {
  subject: string;
  text: string;
}

const utc = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The words of an alert, for a webhook and a mail alike: the site, what is wrong, where to look. */
export function alertMessage(kind: AlertKind, site: { name: string; url: string }, problems: readonly string[], since: number, now: number): AlertMessage {
  if (kind === "incident") {
    return {
      subject: `${site.name} is unhealthy`,
      text: [`${site.name} (${site.url}) is unhealthy since ${utc(since)}:`, ...problems.map((problem) => `- ${problem}`), `Details: ${site.url}/admin/operations`].join("\n"),
    };
  }
  return {
    subject: `${site.name} has recovered`,
    text: `${site.name} (${site.url}) is healthy again at ${utc(now)}: every check of /healthz passes.`,
  };
}

/**
 * One JSON body every common receiver reads: Slack takes `text`, Discord `content`, Microsoft Teams and generic
 * endpoints the rest; each ignores the fields it does not know.
 */
export function webhookBody(kind: AlertKind, message: AlertMessage, problems: readonly string[]): Record<string, unknown> {
  const line = `${message.subject}\n${message.text}`;
  return { text: line, content: line.slice(0, 2000), title: message.subject, status: kind === "incident" ? "unhealthy" : "healthy", problems };
}
