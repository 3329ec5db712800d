ALTER TABLE `resonances` ADD `network_hash` text;--> statement-breakpoint
ALTER TABLE `resonances` ADD `counted` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `resonances_network_wish_idx` ON `resonances` (`network_hash`,`wish_id`);--> statement-breakpoint
CREATE INDEX `resonances_network_created_idx` ON `resonances` (`network_hash`,`created_at`);