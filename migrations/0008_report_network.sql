ALTER TABLE `reports` ADD `network_hash` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `counted` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `reports_network_wish_idx` ON `reports` (`network_hash`,`wish_id`);