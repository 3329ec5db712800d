// The production check's word on the privacy settings (docs/product.md#privacy), for `npm run check:production` (docs/operations.md#watching-it-run) to call
// with the vars production will run with: the map's tiles and the data controller. OpenStreetMap's public tile servers
// are the local default; their usage policy (https://operations.osmfoundation.org/policies/tiles/) does not allow
// heavy use by a public site without permission, and every tile request gives the OpenStreetMap Foundation the
// visitor's IP address and page. The tile rule is app/domain/map-tiles.ts's usesOsmPublicTiles, kept in step by
// test/unit/map/tile-check.test.ts.

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

/**
 * Every warning the legal pages' settings give for production: the tile service above, and a controller /privacy
 * cannot name (OPERATOR_NAME) or tell people how to reach (OPERATOR_CONTACT).
 * @param {Record<string, unknown>} vars
 * @returns {string[]}
 */
export function privacySettingsWarnings(vars) {
  const unset = (name) => typeof vars[name] !== "string" || vars[name].trim() === "";
  const warnings = [];
  const tiles = tileServiceWarning(vars);
  if (tiles) warnings.push(tiles);
  if (unset("OPERATOR_NAME")) warnings.push("OPERATOR_NAME is not set: /privacy cannot name the data controller.");
  if (unset("OPERATOR_CONTACT")) warnings.push("OPERATOR_CONTACT is not set: /privacy cannot say how to reach the data controller (an e-mail address or a page URL).");
  return warnings;
}
