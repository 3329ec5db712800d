-- Issue 17: what a hardware ring really did. The job-creation time (IBM allows 5 jobs a minute) and acceptance time
-- (a ring queued too long is cancelled), the program sent and the physical qubit of each wish, queue and run times,
-- and whether IBM has settled the job's usage yet (read again until it has). `error` keeps the provider's words for
-- /admin only.
ALTER TABLE `bell_rings` ADD `usage_final` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `bell_rings` ADD `submit_started_at` integer;--> statement-breakpoint
ALTER TABLE `bell_rings` ADD `submitted_at` integer;--> statement-breakpoint
ALTER TABLE `bell_rings` ADD `qasm` text;--> statement-breakpoint
ALTER TABLE `bell_rings` ADD `physical_qubits` text;--> statement-breakpoint
ALTER TABLE `bell_rings` ADD `queue_seconds` real;--> statement-breakpoint
ALTER TABLE `bell_rings` ADD `run_seconds` real;--> statement-breakpoint
CREATE INDEX `bell_rings_submit_started_idx` ON `bell_rings` (`submit_started_at`) WHERE "bell_rings"."submit_started_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `bell_rings_usage_pending_idx` ON `bell_rings` (`next_attempt_at`) WHERE "bell_rings"."usage_final" = 0;