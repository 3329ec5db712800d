/**
 * The rule the rollback plan rests on (docs/operations.md#rollback, ADR 0113): a migration runs before the new code and
 * stays when the code is rolled back, so it may only add. What this finds in a migration's SQL drops or rewrites
 * data: it must be reviewed by an ADR that names the file under "## Reviewed migrations".
 */
const RISKS: [name: string, pattern: RegExp][] = [
  ["DROP", /\bDROP\s+(TABLE|INDEX|VIEW|TRIGGER|COLUMN)\b/i],
  ["DELETE", /\bDELETE\s+FROM\b/i],
  ["UPDATE", /\bUPDATE\s+[`"[\w\]]+\s+SET\b/i],
  ["ALTER … DROP or RENAME", /\bALTER\s+TABLE\b[^;]*\b(DROP|RENAME)\b/i],
  ["a table rebuild", /__new_|\bPRAGMA\s+foreign_keys\s*=\s*(OFF|0)\b/i],
  ["REPLACE", /\b(INSERT\s+OR\s+REPLACE|REPLACE\s+INTO)\b/i],
];

/**
 * What in this SQL drops or rewrites data, by name. Comments are not SQL, and a trigger's body runs later, on the
 * writes it watches, not when the migration is applied.
 */
export function migrationRisks(sql: string): string[] {
  const statements = sql
    .replace(/--[^\n]*/g, "")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\bCREATE\s+TRIGGER\b[\s\S]*?\bEND\s*;/gi, "");
  return RISKS.filter(([, pattern]) => pattern.test(statements)).map(([name]) => name);
}

/** The migration files an ADR's "## Reviewed migrations" section names (one `file.sql` a bullet). */
export function reviewedMigrations(adr: string): string[] {
  const section = /^## Reviewed migrations\s*$([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(adr)?.[1] ?? "";
  return [...section.matchAll(/^- `(\d{4}_[\w-]+\.sql)`/gm)].map((match) => match[1]!);
}
