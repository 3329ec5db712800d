ALTER TABLE `wishes` ADD `for_name` text;--> statement-breakpoint
ALTER TABLE `wishes` ADD `for_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `wishes_for_token_idx` ON `wishes` (`for_token`) WHERE "wishes"."for_token" IS NOT NULL;