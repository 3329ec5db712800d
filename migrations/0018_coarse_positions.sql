-- A wish's position is kept to one decimal degree (app/domain/position.ts, ADR 0040); rows stored before that are
-- rounded the same way.
UPDATE wishes SET lat = ROUND(lat, 1), lon = ROUND(lon, 1) WHERE lat IS NOT NULL OR lon IS NOT NULL;
