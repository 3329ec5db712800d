CREATE TABLE `error_counts` (
	`hour` integer NOT NULL,
	`code` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`hour`, `code`)
);
--> statement-breakpoint
CREATE TABLE `operations_heartbeats` (
	`name` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`problem` text
);
