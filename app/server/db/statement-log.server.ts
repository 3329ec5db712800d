import { recordingD1 } from "./recording-d1.server";
import { settingsOf } from "../edge/settings.server";

/** The log line's mark: `bench:ws` counts these in `wrangler dev`'s output, and an operator can filter `wrangler tail` by it. */
export const STATEMENT_LOG_MARK = "[d1]";

/**
 * The Worker's environment, with every D1 statement it runs written to the log when `D1_STATEMENT_LOG` is "1"
 * (off unless set: a statement per line is for measuring and diagnosing, never for every day). Only the SQL text is
 * written, never a bound value: those hold visitors' words and hashes.
 */
export function withStatementLog(env: Env): Env {
  if (!settingsOf(env).D1_STATEMENT_LOG) return env;
  return { ...env, DB: recordingD1(env.DB, ({ sql }) => console.log(`${STATEMENT_LOG_MARK} ${sql.replace(/\s+/g, " ").trim().slice(0, 160)}`)) };
}
