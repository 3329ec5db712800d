-- The wall at scale (issue 8): one index per wall filter (none, theme, country, country + theme) and order (time,
-- resonance, resonance then newest first), each ending in the order's full key so a page is read in index order and
-- never sorted; a partial index for typed places that matched no country. Replaces the four shorter wall indexes.
DROP INDEX `wishes_visible_created_idx`;--> statement-breakpoint
DROP INDEX `wishes_visible_resonance_idx`;--> statement-breakpoint
DROP INDEX `wishes_visible_theme_created_idx`;--> statement-breakpoint
DROP INDEX `wishes_visible_country_created_idx`;--> statement-breakpoint
CREATE INDEX `wishes_wall_created_idx` ON `wishes` (`hidden`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `wishes_wall_resonance_idx` ON `wishes` (`hidden`,`resonance_count`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `wishes_wall_resonance_newest_idx` ON `wishes` (`hidden`,`resonance_count`,"created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX `wishes_wall_theme_created_idx` ON `wishes` (`hidden`,`theme`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `wishes_wall_theme_resonance_idx` ON `wishes` (`hidden`,`theme`,`resonance_count`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `wishes_wall_theme_resonance_newest_idx` ON `wishes` (`hidden`,`theme`,`resonance_count`,"created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX `wishes_wall_country_created_idx` ON `wishes` (`hidden`,`country_code`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `wishes_wall_country_resonance_idx` ON `wishes` (`hidden`,`country_code`,`resonance_count`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `wishes_wall_country_resonance_newest_idx` ON `wishes` (`hidden`,`country_code`,`resonance_count`,"created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX `wishes_wall_country_theme_created_idx` ON `wishes` (`hidden`,`country_code`,`theme`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `wishes_wall_country_theme_resonance_idx` ON `wishes` (`hidden`,`country_code`,`theme`,`resonance_count`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `wishes_wall_country_theme_resonance_newest_idx` ON `wishes` (`hidden`,`country_code`,`theme`,`resonance_count`,"created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX `wishes_wall_place_idx` ON `wishes` (`hidden`,`country`,`created_at`,`id`) WHERE "wishes"."country_code" IS NULL;