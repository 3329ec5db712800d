import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrationRisks, reviewedMigrations } from "~/domain/migration-review";

// Issue 47: a migration runs before the new code and stays through a rollback, so it may only add
// (docs/operations.md#rollback). One that drops or rewrites data fails here until an ADR reviews it by name.
const root = join(import.meta.dirname, "..", "..");
const migrations = readdirSync(join(root, "migrations")).filter((name) => name.endsWith(".sql")).sort();
const decisions = join(root, "docs", "decisions");
const reviewed = new Set(readdirSync(decisions).filter((name) => name.endsWith(".md")).flatMap((name) => reviewedMigrations(readFileSync(join(decisions, name), "utf8"))));

describe("migrations only add", () => {
  it.each(migrations)("%s adds only, or an ADR reviewed it", (name) => {
    const risks = migrationRisks(readFileSync(join(root, "migrations", name), "utf8"));
    if (risks.length > 0) expect(reviewed.has(name), `${name} has ${risks.join(", ")}: review it in an ADR's "## Reviewed migrations"`).toBe(true);
  });

  it("names only migrations that exist", () => {
    expect([...reviewed].filter((name) => !migrations.includes(name))).toEqual([]);
  });

  it("finds each way to drop or rewrite data, and not a trigger's body or a comment", () => {
    expect(migrationRisks("DROP TABLE `wishes`;")).toEqual(["DROP"]);
    expect(migrationRisks("DROP INDEX `a`;")).toEqual(["DROP"]);
    expect(migrationRisks("DELETE FROM outbox WHERE 1;")).toEqual(["DELETE"]);
    expect(migrationRisks("UPDATE `wishes` SET lat = 0;")).toEqual(["UPDATE"]);
    expect(migrationRisks("ALTER TABLE `wishes` DROP COLUMN `email`;")).toEqual(["DROP", "ALTER … DROP or RENAME"]);
    expect(migrationRisks("ALTER TABLE `__new_wishes` RENAME TO `wishes`;")).toEqual(["ALTER … DROP or RENAME", "a table rebuild"]);
    expect(migrationRisks("PRAGMA foreign_keys=OFF;")).toEqual(["a table rebuild"]);
    expect(migrationRisks("INSERT OR REPLACE INTO site_counters VALUES ('a', 1);")).toEqual(["REPLACE"]);
    expect(migrationRisks("ALTER TABLE `wishes` ADD `locale` text;\nCREATE INDEX `i` ON `wishes` (`locale`);")).toEqual([]);
    expect(migrationRisks("-- DELETE FROM wishes;\nCREATE TRIGGER t AFTER DELETE ON wishes BEGIN UPDATE site_counters SET value = value - 1; END;")).toEqual([]);
  });

  it("reads the reviewed files from an ADR's section only", () => {
    const adr = "# 9999: x\n\n- `0001_a.sql`: not here\n\n## Reviewed migrations\n\n- `0002_b.sql`: dropped an index\n- `0003_c.sql`: a backfill\n\n## Consequences\n\n- `0004_d.sql`\n";
    expect(reviewedMigrations(adr)).toEqual(["0002_b.sql", "0003_c.sql"]);
  });
});
