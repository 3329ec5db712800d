import { HIDE_VELOCITY_ALERT_PER_HOUR, LOGIN_FAILURE_ALERT_PER_HOUR, type SafetySignals } from "~/domain/admin";
import { loginFailures } from "./login-backoff.server";
import { DAY_MS } from "~/domain/limits";

const HOUR_MS = 60 * 60 * 1000;

export async function safetySignals(env: Pick<Env, "DB">, now = Date.now()): Promise<SafetySignals> {
  const row = await env.DB.prepare(
    `SELECT COUNT(*) AS day, SUM(auto_hidden_at >= ?2) AS hour FROM wishes WHERE auto_hidden_at IS NOT NULL AND auto_hidden_at >= ?1`,
  )
    .bind(now - DAY_MS, now - HOUR_MS)
    .first<{ day: number; hour: number | null }>();
  const autoHiddenLastHour = row?.hour ?? 0;
  const logins = await loginFailures(env, now);
  return {
    autoHiddenLastHour,
    autoHiddenLastDay: row?.day ?? 0,
    hideAlert: autoHiddenLastHour >= HIDE_VELOCITY_ALERT_PER_HOUR,
    failedLoginsLastHour: logins.lastHour,
    loginAlert: logins.lastHour >= LOGIN_FAILURE_ALERT_PER_HOUR,
  };
}
