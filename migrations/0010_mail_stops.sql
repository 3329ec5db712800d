CREATE TABLE `mail_stops` (
	`address_hash` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
