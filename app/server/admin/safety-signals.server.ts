import { AUTO_HIDE_REPORTS, AUTO_HIDE_SITE_PER_HOUR, HIDE_VELOCITY_ALERT_PER_HOUR, LOGIN_FAILURE_ALERT_PER_HOUR, type SafetySignals } from "~/domain/admin";
import { loginFailures } from "./login-backoff.server";
import { unreviewedAutoHide } from "./moderation.server";
import { DAY_MS, HOUR_MS } from "~/domain/limits";

export async function safetySignals(env: Pick<Env, "DB">, now = Date.now()): Promise<SafetySignals> {
  const [hides, ceiling, held] = await env.DB.batch<{ day: number; hour: number | null; n: number }>([
    env.DB.prepare(
      `SELECT COUNT(*) AS day, SUM(auto_hidden_at >= ?2) AS hour FROM wishes WHERE auto_hidden_at IS NOT NULL AND auto_hidden_at >= ?1`,
    ).bind(now - DAY_MS, now - HOUR_MS),
    // What the site-wide ceiling of reportWish counts (ADR 0102).
    env.DB.prepare(`SELECT COUNT(*) AS n FROM wishes h WHERE ${unreviewedAutoHide("?1")}`).bind(now - HOUR_MS),
    // Wishes that counted reports of the last day would have hidden but a ceiling kept visible for a moderator.
    env.DB.prepare(
      `SELECT COUNT(*) AS n FROM wishes w
       WHERE w.id IN (SELECT wish_id FROM reports WHERE created_at >= ?1 AND counted = 1) AND w.hidden = 0
         AND (SELECT COUNT(*) FROM reports r
              WHERE r.wish_id = w.id AND r.counted = 1 AND r.created_at > COALESCE(w.reviewed_at, -1)) >= ${AUTO_HIDE_REPORTS}`,
    ).bind(now - DAY_MS),
  ]);
  const row = hides!.results[0];
  const autoHiddenLastHour = row?.hour ?? 0;
  const heldForReview = held!.results[0]?.n ?? 0;
  const logins = await loginFailures(env, now);
  return {
    autoHiddenLastHour,
    autoHiddenLastDay: row?.day ?? 0,
    hideAlert: autoHiddenLastHour >= HIDE_VELOCITY_ALERT_PER_HOUR,
    heldForReview,
    hideCeilingAlert: heldForReview > 0 || (ceiling!.results[0]?.n ?? 0) >= AUTO_HIDE_SITE_PER_HOUR,
    failedLoginsLastHour: logins.lastHour,
    loginAlert: logins.lastHour >= LOGIN_FAILURE_ALERT_PER_HOUR,
  };
}
