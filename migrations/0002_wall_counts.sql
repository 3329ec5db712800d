-- Deep wall pages (ADR 0012): visible wishes counted per (theme, resonance count, UTC day), with roll-ups, so a page
-- of a view without a country filter seeks to the cell that holds it and skips at most one cell's rows, instead of
-- OFFSET walking up to the whole wall. A visible wish counts in six rows: for its theme and for '*' (every theme), by
-- (its resonance count, its day), by (-1 = any count, its day) and by (its count, -1 = any day). Triggers keep the
-- rows exact for every write of `hidden`, `theme`, `resonance_count` or `created_at`, whichever code path makes it.
-- WITHOUT ROWID (the rows live in the primary key) is added by hand: drizzle-kit cannot declare it.
CREATE TABLE `wall_counts` (
	`theme` text NOT NULL,
	`resonance_count` integer NOT NULL,
	`day` integer NOT NULL,
	`wishes` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`theme`, `resonance_count`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `wall_counts_day_idx` ON `wall_counts` (`theme`,`day`,`resonance_count`,`wishes`);--> statement-breakpoint
INSERT INTO wall_counts (theme, resonance_count, day, wishes)
SELECT IIF(every_theme, '*', theme), IIF(any_count, -1, resonance_count), IIF(any_day, -1, day), SUM(wishes)
FROM (SELECT theme, resonance_count, created_at / 86400000 AS day, COUNT(*) AS wishes FROM wishes WHERE hidden = 0 GROUP BY 1, 2, 3) AS cell,
  (SELECT 0 AS every_theme UNION ALL SELECT 1) AS t, (SELECT 0 AS any_count UNION ALL SELECT 1) AS r, (SELECT 0 AS any_day UNION ALL SELECT 1) AS d
WHERE NOT (any_count AND any_day)
GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER wall_counts_insert AFTER INSERT ON wishes WHEN NEW.hidden = 0
BEGIN
  INSERT INTO wall_counts (theme, resonance_count, day, wishes)
  SELECT t.theme, c.resonance_count, c.day, 1 AS delta
    FROM (SELECT NEW.theme AS theme UNION ALL SELECT '*') AS t,
      (SELECT NEW.resonance_count AS resonance_count, NEW.created_at / 86400000 AS day
       UNION ALL SELECT -1, NEW.created_at / 86400000 UNION ALL SELECT NEW.resonance_count, -1) AS c
  WHERE true
  ON CONFLICT DO UPDATE SET wishes = wishes + excluded.wishes;
END;
--> statement-breakpoint
CREATE TRIGGER wall_counts_delete AFTER DELETE ON wishes WHEN OLD.hidden = 0
BEGIN
  INSERT INTO wall_counts (theme, resonance_count, day, wishes)
  SELECT t.theme, c.resonance_count, c.day, -1 AS delta
    FROM (SELECT OLD.theme AS theme UNION ALL SELECT '*') AS t,
      (SELECT OLD.resonance_count AS resonance_count, OLD.created_at / 86400000 AS day
       UNION ALL SELECT -1, OLD.created_at / 86400000 UNION ALL SELECT OLD.resonance_count, -1) AS c
  WHERE true
  ON CONFLICT DO UPDATE SET wishes = wishes + excluded.wishes;
END;
--> statement-breakpoint
-- One upsert per update: the old rows lose one, the new rows gain one, and rows whose sum is 0 (a resonance leaves
-- the day's any-count rows alone) are not written at all.
CREATE TRIGGER wall_counts_update AFTER UPDATE OF hidden, theme, resonance_count, created_at ON wishes
WHEN OLD.hidden IS NOT NEW.hidden OR OLD.theme IS NOT NEW.theme OR OLD.resonance_count IS NOT NEW.resonance_count
  OR OLD.created_at IS NOT NEW.created_at
BEGIN
  INSERT INTO wall_counts (theme, resonance_count, day, wishes)
  SELECT theme, resonance_count, day, SUM(delta) FROM (
    SELECT t.theme, c.resonance_count, c.day, -1 AS delta
    FROM (SELECT OLD.theme AS theme UNION ALL SELECT '*') AS t,
      (SELECT OLD.resonance_count AS resonance_count, OLD.created_at / 86400000 AS day
       UNION ALL SELECT -1, OLD.created_at / 86400000 UNION ALL SELECT OLD.resonance_count, -1) AS c
    WHERE OLD.hidden = 0
    UNION ALL
    SELECT t.theme, c.resonance_count, c.day, 1 AS delta
    FROM (SELECT NEW.theme AS theme UNION ALL SELECT '*') AS t,
      (SELECT NEW.resonance_count AS resonance_count, NEW.created_at / 86400000 AS day
       UNION ALL SELECT -1, NEW.created_at / 86400000 UNION ALL SELECT NEW.resonance_count, -1) AS c
    WHERE NEW.hidden = 0
  )
  WHERE true
  GROUP BY theme, resonance_count, day HAVING SUM(delta) <> 0
  ON CONFLICT DO UPDATE SET wishes = wishes + excluded.wishes;
END;
