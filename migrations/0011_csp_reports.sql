CREATE TABLE `csp_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`directive` text NOT NULL,
	`blocked` text NOT NULL,
	`document_path` text NOT NULL,
	`source` text,
	`disposition` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `csp_reports_created_at` ON `csp_reports` (`created_at`);