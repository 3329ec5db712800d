import { afterEach, describe, expect, it, vi } from "vitest";
import { STATEMENT_LOG_MARK, withStatementLog } from "~/server/db/statement-log.server";

/** Just enough of a D1 binding: each statement answers an empty row. */
const fakeD1 = () => {
  const statement = { bind: () => statement, first: async () => null, all: async () => ({ results: [] }), run: async () => ({}), raw: async () => [] };
  return { prepare: () => statement, batch: async (statements: unknown[]) => statements.map(() => ({ results: [] })) } as unknown as D1Database;
};

afterEach(() => vi.restoreAllMocks());

describe("the D1 statement log (bench:ws, issue 23)", () => {
  it("writes each statement's SQL, alone or in a batch, on one line and without its values", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const env = withStatementLog({ DB: fakeD1(), D1_STATEMENT_LOG: "1" } as unknown as Env);
    await env.DB.prepare("SELECT text\n   FROM wishes WHERE email = ?").bind("someone@example.org").first();
    await env.DB.batch([env.DB.prepare("DELETE FROM rate_limits WHERE key = ?").bind("ip:secret"), env.DB.prepare("SELECT 1")]);
    expect(log.mock.calls.map(([line]) => line)).toEqual([
      `${STATEMENT_LOG_MARK} SELECT text FROM wishes WHERE email = ?`,
      `${STATEMENT_LOG_MARK} DELETE FROM rate_limits WHERE key = ?`,
      `${STATEMENT_LOG_MARK} SELECT 1`,
    ]);
  });

  it("leaves the binding as it is unless asked", () => {
    const env = { DB: fakeD1() } as unknown as Env;
    expect(withStatementLog(env)).toBe(env);
    expect(withStatementLog({ ...env, D1_STATEMENT_LOG: "0" } as unknown as Env).DB).toBe(env.DB);
  });
});
