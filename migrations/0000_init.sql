-- Initial schema: wishes, resonances, bell rings, per-country counters, site counters, the credit ledger,
-- moderation reports, the e-mail outbox, contact messages, newsletter subscribers and rate-limit windows.
CREATE TABLE `bell_rings` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`virtual` integer DEFAULT false NOT NULL,
	`rung_by_hash` text,
	`provider` text NOT NULL,
	`backend` text,
	`job_id` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`bitstring` text,
	`counts` text,
	`poem` text,
	`usage_seconds` real,
	`error` text,
	`completed_at` integer
);
--> statement-breakpoint
CREATE INDEX `bell_rings_created_idx` ON `bell_rings` (`created_at`);--> statement-breakpoint
CREATE INDEX `bell_rings_status_idx` ON `bell_rings` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text,
	`email` text NOT NULL,
	`subject` text,
	`message` text NOT NULL,
	`ip_hash` text,
	`created_at` integer NOT NULL,
	`read_at` integer
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_ip_idx` ON `contact_messages` (`ip_hash`,`created_at`);--> statement-breakpoint
CREATE TABLE `country_stats` (
	`country_code` text PRIMARY KEY NOT NULL,
	`country` text NOT NULL,
	`wish_count` integer DEFAULT 0 NOT NULL,
	`pending_count` integer DEFAULT 0 NOT NULL,
	`entangled_count` integer DEFAULT 0 NOT NULL,
	`last_wish` text,
	`last_at` integer
);
--> statement-breakpoint
CREATE INDEX `country_stats_count_idx` ON `country_stats` (`wish_count`);--> statement-breakpoint
CREATE TABLE `credit_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`delta_seconds` real NOT NULL,
	`reason` text NOT NULL,
	`ring_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `credit_ledger_ring_idx` ON `credit_ledger` (`ring_id`);--> statement-breakpoint
CREATE TABLE `newsletter_subscribers` (
	`email` text PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`confirmed_at` integer,
	`created_at` integer NOT NULL,
	`unsubscribed_at` integer
);
--> statement-breakpoint
CREATE INDEX `newsletter_token_idx` ON `newsletter_subscribers` (`token`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `outbox_status_created_idx` ON `outbox` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `reports` (
	`wish_id` text NOT NULL,
	`fingerprint_hash` text NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`wish_id`, `fingerprint_hash`)
);
--> statement-breakpoint
CREATE INDEX `reports_created_idx` ON `reports` (`created_at`);--> statement-breakpoint
CREATE TABLE `resonances` (
	`wish_id` text NOT NULL,
	`fingerprint_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`wish_id`, `fingerprint_hash`)
);
--> statement-breakpoint
CREATE TABLE `site_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `wishes` (
	`id` text PRIMARY KEY NOT NULL,
	`text` text NOT NULL,
	`name` text,
	`email` text,
	`country` text,
	`country_code` text,
	`location` text,
	`lat` real,
	`lon` real,
	`theme` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`bell_ring_id` text,
	`fingerprint_hash` text NOT NULL,
	`ip_hash` text,
	`resonance_count` integer DEFAULT 0 NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`report_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `wishes_visible_created_idx` ON `wishes` (`hidden`,`created_at`);--> statement-breakpoint
CREATE INDEX `wishes_visible_resonance_idx` ON `wishes` (`hidden`,`resonance_count`,`created_at`);--> statement-breakpoint
CREATE INDEX `wishes_visible_theme_created_idx` ON `wishes` (`hidden`,`theme`,`created_at`);--> statement-breakpoint
CREATE INDEX `wishes_visible_country_created_idx` ON `wishes` (`hidden`,`country_code`,`created_at`);--> statement-breakpoint
CREATE INDEX `wishes_status_created_idx` ON `wishes` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `wishes_fingerprint_created_idx` ON `wishes` (`fingerprint_hash`,`created_at`);--> statement-breakpoint
CREATE INDEX `wishes_ip_created_idx` ON `wishes` (`ip_hash`,`created_at`);--> statement-breakpoint
CREATE INDEX `wishes_ring_idx` ON `wishes` (`bell_ring_id`);