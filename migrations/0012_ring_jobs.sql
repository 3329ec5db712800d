CREATE TABLE `ring_jobs` (
	`job_id` text NOT NULL,
	`ring_id` text NOT NULL,
	`provider` text NOT NULL,
	`backend` text,
	`created_at` integer NOT NULL,
	`state` text NOT NULL,
	`ran` integer DEFAULT false NOT NULL,
	`ended_at` integer,
	`charged_seconds` real,
	`error` text,
	PRIMARY KEY(`provider`, `job_id`)
);
--> statement-breakpoint
CREATE INDEX `ring_jobs_ring_idx` ON `ring_jobs` (`ring_id`);--> statement-breakpoint
CREATE INDEX `ring_jobs_created_idx` ON `ring_jobs` (`created_at`);--> statement-breakpoint
ALTER TABLE `bell_rings` ADD `read_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bell_rings` ADD `unknown_since` integer;--> statement-breakpoint
ALTER TABLE `bell_rings` ADD `job_requests` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bell_rings` ADD `wishes_held` integer DEFAULT false NOT NULL;