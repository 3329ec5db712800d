ALTER TABLE `outbox` ADD `recipient` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `sender_network` text;--> statement-breakpoint
CREATE INDEX `outbox_recipient_created_idx` ON `outbox` (`recipient`,`created_at`) WHERE "outbox"."recipient" IS NOT NULL;--> statement-breakpoint
UPDATE `outbox` SET `recipient` = lower(trim(`to_address`)) WHERE `kind` IN ('wish-copy', 'friend-wish', 'newsletter-confirm');
