ALTER TABLE `newsletter_subscribers` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `wishes` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `wishes` ADD `rang_notified_at` integer;