// The production check's word on the map's tiles (issue 34), for `npm run check:production` (issue 33) to call with
// the vars production will run with. OpenStreetMap's public tile servers are the local default; their usage policy
// (https://operations.osmfoundation.org/policies/tiles/) does not allow heavy use by a public site without
// permission, and every tile request gives the OpenStreetMap Foundation the visitor's IP address and page.
// The rule is app/domain/map-tiles.ts's usesOsmPublicTiles, kept in step by test/unit/map/tile-check.test.ts.

const OSM_DEFAULT = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/**
 * A warning sentence when production would load OpenStreetMap's public tiles (MAP_TILE_URL unset or pointing at
 * tile.openstreetmap.org), else null ("off" and any other https tile service pass).
 * @param {Record<string, unknown>} vars
 * @returns {string | null}
 */
export function tileServiceWarning(vars) {
  const configured = typeof vars.MAP_TILE_URL === "string" ? vars.MAP_TILE_URL.trim() : "";
  if (configured.toLowerCase() === "off") return null;
  let host;
  try {
    host = new URL((configured || OSM_DEFAULT).replace(/\{[a-z]\}/g, "0")).hostname;
  } catch {
    return null;
  }
  if (!/(^|\.)tile\.openstreetmap\.org$/.test(host)) return null;
  return (
    `MAP_TILE_URL ${configured ? `is ${configured}` : "is not set"}: production would load OpenStreetMap's public tiles, ` +
    "whose usage policy does not allow heavy use by a public site without permission " +
    "(https://operations.osmfoundation.org/policies/tiles/). Set MAP_TILE_URL (with MAP_TILE_ATTRIBUTION and " +
    'MAP_TILE_PROVIDER) to a tile service you have an agreement with, or to "off" to draw the map from the site\'s own shapes.'
  );
}
