-- Every field kept has a stated period and a sweep (app/domain/retention.ts, ADR 0107); an erasure is re-applied after a
-- database restore (ADR 0108). Only additions: a column, a table and partial indexes over the rows each sweep still
-- has to visit, so a step reads only what it will change.
-- The wish a mail is about (a copy, a "your wish rang"), so withdrawing the wish deletes its mail.
ALTER TABLE `outbox` ADD `wish_id` text;--> statement-breakpoint
CREATE INDEX `outbox_wish_idx` ON `outbox` (`wish_id`) WHERE "outbox"."wish_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `wishes_email_kept_idx` ON `wishes` (`created_at`) WHERE "wishes"."email" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `wishes_network_kept_idx` ON `wishes` (`created_at`) WHERE "wishes"."ip_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `resonances_network_kept_idx` ON `resonances` (`created_at`) WHERE "resonances"."network_hash" IS NOT NULL;--> statement-breakpoint
-- A forgotten report's device hash becomes '~' and its row id: unique for the primary key, and above every hex hash.
CREATE INDEX `reports_kept_idx` ON `reports` (`created_at`) WHERE "reports"."fingerprint_hash" < '~';--> statement-breakpoint
CREATE INDEX `bell_rings_ringer_kept_idx` ON `bell_rings` (`created_at`) WHERE "bell_rings"."rung_by_hash" IS NOT NULL OR "bell_rings"."rung_by_network" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `contact_messages_network_kept_idx` ON `contact_messages` (`created_at`) WHERE "contact_messages"."ip_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `csp_reports_network_kept_idx` ON `csp_reports` (`created_at`) WHERE "csp_reports"."network_hash" IS NOT NULL;--> statement-breakpoint
-- The erasures this database has applied, by their number in the ledger outside it (the BellRoom's storage): a
-- restore to before an erasure takes its row away, which is how the ledger sees what to apply again.
CREATE TABLE `erasures_applied` (
	`seq` integer PRIMARY KEY NOT NULL,
	`erased_at` integer NOT NULL
);--> statement-breakpoint
CREATE INDEX `erasures_applied_erased_idx` ON `erasures_applied` (`erased_at`);
