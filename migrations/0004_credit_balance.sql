-- Issue 8: two reads every ring makes, kept off the growing tables.
-- 1. The credit ledger's sum in one row, kept exact by triggers on every ledger write (whichever code path makes it),
--    so the ring's credit check and /api/quantum-credits-remaining read one row instead of summing a ledger that
--    gains a row per ring (at 1,000,000 wishes, about 200,000 rows).
-- 2. The status index gains `hidden` and the wall's full order, so the ring's claim (the oldest visible pending
--    wishes, and how many wait) and the pending list read the index alone, in order, without visiting rows.
CREATE TABLE `credit_balance` (
	`id` integer PRIMARY KEY NOT NULL,
	`seconds` real DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO credit_balance (id, seconds) SELECT 1, COALESCE(SUM(delta_seconds), 0) FROM credit_ledger;
--> statement-breakpoint
CREATE TRIGGER credit_balance_insert AFTER INSERT ON credit_ledger
BEGIN
  UPDATE credit_balance SET seconds = seconds + NEW.delta_seconds WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER credit_balance_delete AFTER DELETE ON credit_ledger
BEGIN
  UPDATE credit_balance SET seconds = seconds - OLD.delta_seconds WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER credit_balance_update AFTER UPDATE OF delta_seconds ON credit_ledger
BEGIN
  UPDATE credit_balance SET seconds = seconds - OLD.delta_seconds + NEW.delta_seconds WHERE id = 1;
END;
--> statement-breakpoint
DROP INDEX `wishes_status_created_idx`;--> statement-breakpoint
CREATE INDEX `wishes_status_visible_created_idx` ON `wishes` (`status`,`hidden`,`created_at`,`id`);
