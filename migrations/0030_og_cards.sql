CREATE TABLE `og_cards` (
	`key` text PRIMARY KEY NOT NULL,
	`png` blob NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `og_cards_created_idx` ON `og_cards` (`created_at`);--> statement-breakpoint
CREATE TABLE `og_ring_cards` (
	`ring_id` text PRIMARY KEY NOT NULL,
	`drawn_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `og_ring_cards_drawn_idx` ON `og_ring_cards` (`drawn_at`);