import { GLOBAL_LOGIN_FREE_FAILURES_PER_HOUR, GLOBAL_LOGIN_MAX_DELAY_MS, globalLoginDelayMs } from "~/domain/admin";
import { DAY_MS, HOUR_MS } from "~/domain/limits";

/**
 * The site-wide sign-in backoff (docs/product.md#one-person-one-share): guesses spread over many networks each stay under their network's limit,
 * so failures are also counted for the whole site, and past GLOBAL_LOGIN_FREE_FAILURES_PER_HOUR each attempt waits
 * 2^(failures − free) seconds after the last one (globalLoginDelayMs, in SQL). An attempt takes its row before the
 * password is checked, in the same statement that checks the wait, so a burst of concurrent guesses cannot all pass.
 * Returns the row to forget when the password was right, or the seconds to wait.
 */
export async function reserveLoginAttempt(env: Pick<Env, "DB">, now = Date.now()): Promise<{ attempt: number } | { waitSeconds: number }> {
  const since = now - HOUR_MS;
  const failures = "(SELECT COUNT(*) FROM admin_login_failures WHERE at > ?2)";
  const row = await env.DB.prepare(
    `INSERT INTO admin_login_failures (at) SELECT ?1
     WHERE ${failures} < ?3
        OR ?1 >= (SELECT MAX(at) FROM admin_login_failures WHERE at > ?2) + MIN((1 << MIN(${failures} - ?3, 20)) * 1000, ?4)
     RETURNING id`,
  )
    .bind(now, since, GLOBAL_LOGIN_FREE_FAILURES_PER_HOUR, GLOBAL_LOGIN_MAX_DELAY_MS)
    .first<{ id: number }>();
  if (row) return { attempt: row.id };
  const state = await loginFailures(env, now);
  const waitMs = (state.lastAt ?? now) + globalLoginDelayMs(state.lastHour) - now;
  return { waitSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** A right password was no failure: its reserved row goes, and rows older than a day with it. */
export async function forgetLoginAttempt(env: Pick<Env, "DB">, attempt: number, now = Date.now()): Promise<void> {
  await env.DB.prepare("DELETE FROM admin_login_failures WHERE id = ?1 OR at < ?2").bind(attempt, now - DAY_MS).run();
}

export async function loginFailures(env: Pick<Env, "DB">, now = Date.now()): Promise<{ lastHour: number; lastAt: number | null }> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS lastHour, MAX(at) AS lastAt FROM admin_login_failures WHERE at > ?")
    .bind(now - HOUR_MS)
    .first<{ lastHour: number; lastAt: number | null }>();
  return { lastHour: row?.lastHour ?? 0, lastAt: row?.lastAt ?? null };
}
