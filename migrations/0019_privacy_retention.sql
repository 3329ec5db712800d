-- A contact message the operator keeps past the retention bound (app/domain/retention.ts).
ALTER TABLE `contact_messages` ADD `kept_at` integer;--> statement-breakpoint
-- The address's keyed hash (as in mail_stops), so a one-click unsubscribe can find the row without the address.
ALTER TABLE `newsletter_subscribers` ADD `address_hash` text;--> statement-breakpoint
CREATE INDEX `newsletter_address_hash_idx` ON `newsletter_subscribers` (`address_hash`);--> statement-breakpoint
CREATE INDEX `resonances_created_idx` ON `resonances` (`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_created_idx` ON `outbox` (`created_at`);
--> statement-breakpoint
-- A rung wish withdrawn (by its writer or the operator) keeps its place in its ring as "a wish withdrawn": its text and
-- every personal field are gone, and the rotation it gave its qubit is kept so the ring's circuit still reads true.
ALTER TABLE `wishes` ADD `withdrawn_at` integer;--> statement-breakpoint
ALTER TABLE `wishes` ADD `withdrawn_angle` real;
