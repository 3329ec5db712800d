export interface RecordedStatement {
  sql: string;
  params: unknown[];
}

const REAL = Symbol("the real statement");

interface Recorded {
  [REAL]: { statement: D1PreparedStatement; note: () => void };
}

/**
 * A D1 binding that hands each statement to `onStatement` when it runs, alone or in a batch (its SQL text and bound
 * values, in order), then lets the real binding answer. Used by the query-plan tests and bench/lib/d1-capture.ts.
 */
export function recordingD1(db: D1Database, onStatement: (statement: RecordedStatement) => void): D1Database {
  const wrap = (statement: D1PreparedStatement, sql: string, params: unknown[]): D1PreparedStatement => {
    const note = () => onStatement({ sql, params });
    const recorded: Recorded & Partial<D1PreparedStatement> = {
      [REAL]: { statement, note },
      bind: (...values: unknown[]) => wrap(statement.bind(...values), sql, values),
      first: ((column?: string) => (note(), column === undefined ? statement.first() : statement.first(column))) as D1PreparedStatement["first"],
      all: (() => (note(), statement.all())) as D1PreparedStatement["all"],
      run: (() => (note(), statement.run())) as D1PreparedStatement["run"],
      raw: ((options?: { columnNames?: boolean }) =>
        (note(), options?.columnNames ? statement.raw({ columnNames: true }) : statement.raw())) as D1PreparedStatement["raw"],
    };
    return recorded as unknown as D1PreparedStatement;
  };
  // A batch runs the real statements, each written down in order.
  const unwrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const { statement: real, note } = (statement as unknown as Recorded)[REAL];
    note();
    return real;
  };
  return {
    prepare: (sql: string) => wrap(db.prepare(sql), sql, []),
    batch: (statements: D1PreparedStatement[]) => db.batch(statements.map(unwrap)),
    exec: (sql: string) => db.exec(sql),
    dump: () => db.dump(),
    withSession: () => {
      throw new Error("Sessions are not recorded.");
    },
  } as unknown as D1Database;
}
