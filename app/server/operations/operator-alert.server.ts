import "~/domain/zod-config";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { alertMessage, decideAlert, NO_INCIDENT, webhookBody, type AlertKind, type AlertState } from "~/domain/alerts";
import { database } from "../db/client.server";
import { operatorAlerts } from "../db/schema";
import { queueEmail } from "../email/outbox.server";
import { siteHealth } from "../edge/healthz.server";
import { errorFields, log } from "../edge/log.server";
import { settingsOf } from "../edge/settings.server";

/** The operator alert of ADR 0111: /healthz's rules, checked after every cron run, told to a person. */

const ALERT_ROW = "operator";
const WEBHOOK_TIMEOUT_MS = 10_000;

async function alertState(env: Env): Promise<AlertState> {
  const row = await database(env).select().from(operatorAlerts).where(eq(operatorAlerts.name, ALERT_ROW)).get();
  return row ? { incidentSince: row.incidentSince, alertedAt: row.alertedAt, lastSentAt: row.lastSentAt } : NO_INCIDENT;
}

async function saveAlertState(env: Env, state: AlertState, problems: readonly string[]): Promise<void> {
  const values = { ...state, problems: problems.length > 0 ? problems.join("\n") : null };
  await database(env)
    .insert(operatorAlerts)
    .values({ name: ALERT_ROW, ...values })
    .onConflictDoUpdate({ target: operatorAlerts.name, set: values });
}

/** The operator's contact, when it is an e-mail address (OPERATOR_CONTACT may be a page instead). */
function operatorAddress(env: Env): string | null {
  const contact = settingsOf(env).OPERATOR_CONTACT?.replace(/^mailto:/i, "") ?? null;
  return contact !== null && z.email().safeParse(contact).success ? contact : null;
}

async function postWebhook(url: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  // The receiver's words are its own: only the status is kept.
  if (!response.ok) throw new Error(`the alert webhook answered ${response.status}`);
}

/** Where an alert goes: the webhook and the operator's address, each when set. */
export function alertChannels(env: Env): { webhook: boolean; email: boolean } {
  return { webhook: settingsOf(env).ALERT_WEBHOOK_URL !== null, email: operatorAddress(env) !== null };
}

async function send(env: Env, kind: AlertKind, problems: readonly string[], since: number, now: number): Promise<void> {
  const settings = settingsOf(env);
  const message = alertMessage(kind, { name: settings.SITE_NAME, url: settings.SITE_URL }, problems, since, now);
  const address = operatorAddress(env);
  const sends: Promise<unknown>[] = [];
  if (settings.ALERT_WEBHOOK_URL) sends.push(postWebhook(settings.ALERT_WEBHOOK_URL, webhookBody(kind, message, problems)));
  if (address) sends.push(queueEmail(env, { kind: "operator-alert", to: address, subject: message.subject, body: message.text }, undefined, now));
  const results = await Promise.allSettled(sends);
  for (const result of results) if (result.status === "rejected") log("error", "operator alert not delivered", { kind, ...errorFields(result.reason) });
}

/**
 * Checks the site as /healthz does and sends what the incident's state asks for: the alert once, the recovery once.
 * The state is saved before anything is sent: a channel that fails is logged, not tried again every minute. With no
 * channel set, the state still follows the site, so setting one later does not announce an old incident.
 */
export async function alertOperator(env: Env, now = Date.now()): Promise<AlertKind | null> {
  const health = await siteHealth(env, now);
  const state = await alertState(env);
  const { send: kind, next } = decideAlert(state, health.problems, now);
  await saveAlertState(env, next, health.problems);
  if (kind === null) return null;
  const channels = alertChannels(env);
  if (!channels.webhook && !channels.email) return null;
  await send(env, kind, health.problems, state.incidentSince ?? now, now);
  return kind;
}
