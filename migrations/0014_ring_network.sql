ALTER TABLE `bell_rings` ADD `rung_by_network` text;--> statement-breakpoint
CREATE INDEX `bell_rings_network_created_idx` ON `bell_rings` (`rung_by_network`,`created_at`);