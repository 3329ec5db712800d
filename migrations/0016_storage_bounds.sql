ALTER TABLE `outbox` ADD `stop_token` text;--> statement-breakpoint
CREATE INDEX `outbox_stop_token_idx` ON `outbox` (`stop_token`) WHERE "outbox"."stop_token" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `rate_limits` ADD `expires_at` integer;--> statement-breakpoint
CREATE INDEX `rate_limits_expires_idx` ON `rate_limits` (`expires_at`);--> statement-breakpoint
UPDATE `rate_limits` SET `expires_at` = `window_start` + 86400000 WHERE `expires_at` IS NULL;
