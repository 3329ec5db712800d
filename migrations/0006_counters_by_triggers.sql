-- The site totals (site_counters: 'total_wishes' and 'theme:<theme>') and the per-country counts (country_stats)
-- are kept by triggers on `wishes`, like wall_counts and credit_balance, instead of by SQL repeated in each write path
-- (submission, hide, unhide, ring completion). Whichever code path inserts, updates or deletes a wish, the counters
-- stay exact. Visible wishes only (hidden = 0). Counts by status: pending = pending or submitted_for_batching,
-- entangled = entangled or processed (app/domain/statuses.ts; a trigger, once written, keeps its literals).
-- Both are first made again from the rows, so any drift from before this migration is gone.
DELETE FROM site_counters WHERE key = 'total_wishes' OR key LIKE 'theme:%';
--> statement-breakpoint
INSERT INTO site_counters (key, value)
SELECT 'total_wishes', COUNT(*) FROM wishes WHERE hidden = 0
UNION ALL
SELECT 'theme:' || theme, COUNT(*) FROM wishes WHERE hidden = 0 GROUP BY theme;
--> statement-breakpoint
DELETE FROM country_stats;
--> statement-breakpoint
INSERT INTO country_stats (country_code, country, wish_count, pending_count, entangled_count, last_wish, last_at)
SELECT w.country_code, COALESCE(MAX(w.country), w.country_code), COUNT(*),
       SUM(w.status IN ('pending', 'submitted_for_batching')), SUM(w.status IN ('entangled', 'processed')),
       (SELECT n.text FROM wishes n WHERE n.country_code = w.country_code AND n.hidden = 0 ORDER BY n.created_at DESC, n.id DESC LIMIT 1),
       MAX(w.created_at)
FROM wishes w WHERE w.hidden = 0 AND w.country_code IS NOT NULL GROUP BY w.country_code;
--> statement-breakpoint
CREATE TRIGGER site_counters_insert AFTER INSERT ON wishes WHEN NEW.hidden = 0
BEGIN
  INSERT INTO site_counters (key, value) SELECT 'total_wishes', 1 UNION ALL SELECT 'theme:' || NEW.theme, 1
  WHERE true ON CONFLICT (key) DO UPDATE SET value = value + 1;
END;
--> statement-breakpoint
CREATE TRIGGER site_counters_delete AFTER DELETE ON wishes WHEN OLD.hidden = 0
BEGIN
  UPDATE site_counters SET value = MAX(0, value - 1) WHERE key IN ('total_wishes', 'theme:' || OLD.theme);
END;
--> statement-breakpoint
CREATE TRIGGER site_counters_update AFTER UPDATE OF hidden, theme ON wishes
WHEN OLD.hidden IS NOT NEW.hidden OR OLD.theme IS NOT NEW.theme
BEGIN
  INSERT INTO site_counters (key, value)
  SELECT key, SUM(delta) FROM (
    SELECT 'total_wishes' AS key, -1 AS delta WHERE OLD.hidden = 0
    UNION ALL SELECT 'theme:' || OLD.theme, -1 WHERE OLD.hidden = 0
    UNION ALL SELECT 'total_wishes', 1 WHERE NEW.hidden = 0
    UNION ALL SELECT 'theme:' || NEW.theme, 1 WHERE NEW.hidden = 0
  )
  WHERE true
  GROUP BY key HAVING SUM(delta) <> 0
  ON CONFLICT (key) DO UPDATE SET value = MAX(0, value + excluded.value);
END;
--> statement-breakpoint
CREATE TRIGGER country_stats_insert AFTER INSERT ON wishes WHEN NEW.hidden = 0 AND NEW.country_code IS NOT NULL
BEGIN
  INSERT INTO country_stats (country_code, country, wish_count, pending_count, entangled_count, last_wish, last_at)
  VALUES (NEW.country_code, COALESCE(NEW.country, NEW.country_code), 1,
          NEW.status IN ('pending', 'submitted_for_batching'), NEW.status IN ('entangled', 'processed'), NEW.text, NEW.created_at)
  ON CONFLICT (country_code) DO UPDATE SET
    wish_count = wish_count + 1,
    pending_count = pending_count + excluded.pending_count,
    entangled_count = entangled_count + excluded.entangled_count,
    last_wish = IIF(last_at IS NULL OR excluded.last_at >= last_at, excluded.last_wish, last_wish),
    last_at = IIF(last_at IS NULL OR excluded.last_at >= last_at, excluded.last_at, last_at);
END;
--> statement-breakpoint
-- Leaving a country's counts: by deletion, by hiding, or by moving to another country; the newest visible wish of
-- the country it left is looked up again. (Only code paths that move a wish out run it: rare, and one index seek.)
CREATE TRIGGER country_stats_delete AFTER DELETE ON wishes WHEN OLD.hidden = 0 AND OLD.country_code IS NOT NULL
BEGIN
  UPDATE country_stats SET
    wish_count = MAX(0, wish_count - 1),
    pending_count = MAX(0, pending_count - (OLD.status IN ('pending', 'submitted_for_batching'))),
    entangled_count = MAX(0, entangled_count - (OLD.status IN ('entangled', 'processed'))),
    last_wish = (SELECT text FROM wishes w WHERE w.country_code = OLD.country_code AND w.hidden = 0 ORDER BY w.created_at DESC, w.id DESC LIMIT 1),
    last_at = (SELECT created_at FROM wishes w WHERE w.country_code = OLD.country_code AND w.hidden = 0 ORDER BY w.created_at DESC, w.id DESC LIMIT 1)
  WHERE country_code = OLD.country_code;
END;
--> statement-breakpoint
CREATE TRIGGER country_stats_update AFTER UPDATE OF hidden, status, country_code, country, text, created_at ON wishes
-- A ring's claim (pending → submitted_for_batching) and a failed ring's return stay within "pending": no write.
WHEN OLD.hidden IS NOT NEW.hidden OR OLD.country_code IS NOT NEW.country_code
  OR (OLD.status IN ('pending', 'submitted_for_batching')) IS NOT (NEW.status IN ('pending', 'submitted_for_batching'))
  OR (OLD.status IN ('entangled', 'processed')) IS NOT (NEW.status IN ('entangled', 'processed'))
  OR (NEW.hidden = 0 AND (OLD.text IS NOT NEW.text OR OLD.created_at IS NOT NEW.created_at))
BEGIN
  -- Out of the old country's counts (a status change alone moves one wish between pending and entangled).
  UPDATE country_stats SET
    wish_count = MAX(0, wish_count - 1),
    pending_count = MAX(0, pending_count - (OLD.status IN ('pending', 'submitted_for_batching'))),
    entangled_count = MAX(0, entangled_count - (OLD.status IN ('entangled', 'processed')))
  WHERE country_code = OLD.country_code AND OLD.hidden = 0;
  -- Into the new one's.
  INSERT INTO country_stats (country_code, country, wish_count, pending_count, entangled_count)
  SELECT NEW.country_code, COALESCE(NEW.country, NEW.country_code), 1,
         NEW.status IN ('pending', 'submitted_for_batching'), NEW.status IN ('entangled', 'processed')
  WHERE NEW.hidden = 0 AND NEW.country_code IS NOT NULL
  ON CONFLICT (country_code) DO UPDATE SET
    wish_count = wish_count + 1,
    pending_count = pending_count + excluded.pending_count,
    entangled_count = entangled_count + excluded.entangled_count;
  -- The newest visible wish of each country involved, when visibility, country, text or time changed.
  UPDATE country_stats SET
    last_wish = (SELECT text FROM wishes w WHERE w.country_code = country_stats.country_code AND w.hidden = 0 ORDER BY w.created_at DESC, w.id DESC LIMIT 1),
    last_at = (SELECT created_at FROM wishes w WHERE w.country_code = country_stats.country_code AND w.hidden = 0 ORDER BY w.created_at DESC, w.id DESC LIMIT 1)
  WHERE country_code IN (OLD.country_code, NEW.country_code)
    AND (OLD.hidden IS NOT NEW.hidden OR OLD.country_code IS NOT NEW.country_code OR OLD.text IS NOT NEW.text OR OLD.created_at IS NOT NEW.created_at);
END;
