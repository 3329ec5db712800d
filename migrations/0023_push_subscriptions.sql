CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`wish_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_wish_endpoint_idx` ON `push_subscriptions` (`wish_id`,`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_created_idx` ON `push_subscriptions` (`created_at`);