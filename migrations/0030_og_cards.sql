CREATE TABLE `og_cards` (
	`key` text PRIMARY KEY NOT NULL,
	`png` blob NOT NULL,
	`ring_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `og_cards_ring_idx` ON `og_cards` (`ring_id`);--> statement-breakpoint
CREATE INDEX `og_cards_created_idx` ON `og_cards` (`created_at`);