-- Typed places (no country code) sorted by resonance: the place filter had a partial index by time only, so a deep
-- page sorted by resonance walked the resonance index of every code-less wish (~50,000 at 1,000,000 wishes, 47 ms for
-- the middle page of one place). Partial indexes over those rows for the two resonance orders (ADR 0012).
CREATE INDEX `wishes_wall_place_resonance_idx` ON `wishes` (`hidden`,`country`,`resonance_count`,`created_at`,`id`) WHERE "wishes"."country_code" IS NULL;--> statement-breakpoint
CREATE INDEX `wishes_wall_place_resonance_newest_idx` ON `wishes` (`hidden`,`country`,`resonance_count`,"created_at" desc,"id" desc) WHERE "wishes"."country_code" IS NULL;