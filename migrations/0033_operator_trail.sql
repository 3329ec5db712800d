CREATE TABLE `admin_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`target` text,
	`outcome` text NOT NULL,
	`request_id` text
);
--> statement-breakpoint
CREATE INDEX `admin_audit_at_idx` ON `admin_audit` (`at`);--> statement-breakpoint
CREATE TABLE `cron_tasks` (
	`name` text PRIMARY KEY NOT NULL,
	`last_run_at` integer NOT NULL,
	`last_failed_at` integer,
	`failure` text,
	`failures_in_a_row` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `operator_alerts` (
	`name` text PRIMARY KEY NOT NULL,
	`incident_since` integer,
	`alerted_at` integer,
	`last_sent_at` integer,
	`problems` text
);
--> statement-breakpoint
-- The audit trail is append-only: no statement of the site (nor any other) may change a row once written (ADR 0112).
CREATE TRIGGER `admin_audit_append_only` BEFORE UPDATE ON `admin_audit` BEGIN SELECT RAISE(ABORT, 'admin_audit rows are never changed'); END;
