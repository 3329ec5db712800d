-- Stops stored so far are keyed by the address as spelled; 1 marks them for the cron to extend to their inbox
-- (docs/decisions/0105-stops-that-last.md). New stops are stored with 0.
ALTER TABLE `mail_stops` ADD `pending_backfill` integer DEFAULT 1 NOT NULL;
