ALTER TABLE `wishes` ADD `reviewed_at` integer;--> statement-breakpoint
ALTER TABLE `wishes` ADD `auto_hidden_at` integer;--> statement-breakpoint
CREATE INDEX `wishes_auto_hidden_idx` ON `wishes` (`auto_hidden_at`) WHERE "wishes"."auto_hidden_at" IS NOT NULL;