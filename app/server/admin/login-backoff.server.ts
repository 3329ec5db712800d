import { NETWORK_LOGIN_FREE_FAILURES_PER_HOUR, NETWORK_LOGIN_MAX_DELAY_MS, networkLoginDelayMs } from "~/domain/admin";
import { DAY_MS, HOUR_MS } from "~/domain/limits";

/**
 * The sign-in backoff, per network (ADR 0100): past NETWORK_LOGIN_FREE_FAILURES_PER_HOUR failures of its own in the
 * hour, a network's next attempt waits 2^(failures − free) seconds after its last one (networkLoginDelayMs, in SQL).
 * Another network's guesses never slow it, so a guesser cannot lock the operator out; every failure still counts
 * toward the site-wide alert on /admin (loginFailures). An attempt takes its row before the password is checked, in
 * the same statement that checks the wait, so a burst of concurrent guesses from one network cannot all pass.
 * Returns the row to forget when the password was right, or the seconds to wait.
 */
export async function reserveLoginAttempt(env: Pick<Env, "DB">, network: string, now = Date.now()): Promise<{ attempt: number } | { waitSeconds: number }> {
  const since = now - HOUR_MS;
  const failures = "(SELECT COUNT(*) FROM admin_login_failures WHERE network_hash = ?5 AND at > ?2)";
  const row = await env.DB.prepare(
    `INSERT INTO admin_login_failures (at, network_hash) SELECT ?1, ?5
     WHERE ${failures} < ?3
        OR ?1 >= (SELECT MAX(at) FROM admin_login_failures WHERE network_hash = ?5 AND at > ?2) + MIN((1 << MIN(${failures} - ?3, 20)) * 1000, ?4)
     RETURNING id`,
  )
    .bind(now, since, NETWORK_LOGIN_FREE_FAILURES_PER_HOUR, NETWORK_LOGIN_MAX_DELAY_MS, network)
    .first<{ id: number }>();
  if (row) return { attempt: row.id };
  const state = await env.DB.prepare("SELECT COUNT(*) AS lastHour, MAX(at) AS lastAt FROM admin_login_failures WHERE network_hash = ?1 AND at > ?2")
    .bind(network, since)
    .first<{ lastHour: number; lastAt: number | null }>();
  const waitMs = (state?.lastAt ?? now) + networkLoginDelayMs(state?.lastHour ?? 0) - now;
  return { waitSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** A right password was no failure: its reserved row goes, and rows older than a day with it. */
export async function forgetLoginAttempt(env: Pick<Env, "DB">, attempt: number, now = Date.now()): Promise<void> {
  await env.DB.prepare("DELETE FROM admin_login_failures WHERE id = ?1 OR at < ?2").bind(attempt, now - DAY_MS).run();
}

/** Failures of the last hour from every network together: the site-wide alert on /admin. */
export async function loginFailures(env: Pick<Env, "DB">, now = Date.now()): Promise<{ lastHour: number; lastAt: number | null }> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS lastHour, MAX(at) AS lastAt FROM admin_login_failures WHERE at > ?")
    .bind(now - HOUR_MS)
    .first<{ lastHour: number; lastAt: number | null }>();
  return { lastHour: row?.lastHour ?? 0, lastAt: row?.lastAt ?? null };
}
