ALTER TABLE `admin_login_failures` ADD `network_hash` text;--> statement-breakpoint
CREATE INDEX `admin_login_failures_network_idx` ON `admin_login_failures` (`network_hash`,`at`);