CREATE TABLE `admin_login_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_login_failures_at_idx` ON `admin_login_failures` (`at`);