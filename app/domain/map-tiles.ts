/**
 * The map's base tiles: the operator's choice (MAP_TILE_URL, MAP_TILE_ATTRIBUTION, MAP_TILE_PROVIDER). Any `{z}/{x}/{y}`
 * raster URL over https works; "off" draws the map from the site's own country shapes alone. Unset, OpenStreetMap's
 * public tiles are used, which suits development: their usage policy does not allow heavy use by a public site without
 * permission, so `npm run check:production` warns about them (scripts/lib/tile-check.mjs).
 */
export const OSM_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const OSM_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
export const OSM_TILE_PROVIDER = "OpenStreetMap Foundation (tile.openstreetmap.org)";

/** The value of MAP_TILE_URL that turns tiles off. */
export const TILES_OFF = "off";

export interface TileSettings {
  url: string;
  attribution: string;
  /** Who receives each visitor's IP address and page with every tile request: named on /privacy. */
  provider: string;
  /** The origin the CSP's img-src allows. */
  origin: string;
}

/** The tile settings, as parsed (app/server/edge/settings.server.ts: trimmed, null when unset). */
export interface TileEnv {
  MAP_TILE_URL?: string | null;
  MAP_TILE_ATTRIBUTION?: string | null;
  MAP_TILE_PROVIDER?: string | null;
}

/**
 * The CSP source of a `{z}/{x}/{y}` template: its origin, with a `{s}.` subdomain as the wildcard `*.` (Leaflet fills
 * it with a, b, c), or null when it is not an https URL.
 */
export function tileOrigin(template: string): string | null {
  try {
    const url = new URL(template.replace(/\{s\}/g, "s0").replace(/\{[a-z]\}/g, "0"));
    if (url.protocol !== "https:") return null;
    return /^https:\/\/\{s\}\./.test(template) ? `https://*.${url.host.replace(/^s0\./, "")}` : url.origin;
  } catch {
    return null;
  }
}

/**
 * The tile service this deployment uses, or null for none (tiles off, or a setting that is not an https template:
 * the map then draws its own shapes rather than asking a server the CSP would refuse).
 */
export function tileSettings(settings: TileEnv): TileSettings | null {
  const configured = settings.MAP_TILE_URL?.trim();
  if (configured?.toLowerCase() === TILES_OFF) return null;
  if (!configured) return { url: OSM_TILE_URL, attribution: OSM_TILE_ATTRIBUTION, provider: OSM_TILE_PROVIDER, origin: tileOrigin(OSM_TILE_URL)! };
  const origin = tileOrigin(configured);
  if (!origin) return null;
  return {
    url: configured,
    attribution: settings.MAP_TILE_ATTRIBUTION?.trim() || hostOf(origin),
    provider: settings.MAP_TILE_PROVIDER?.trim() || hostOf(origin),
    origin,
  };
}

const hostOf = (origin: string) => origin.replace(/^https:\/\//, "");

/** Whether these settings send visitors to OpenStreetMap's public tile servers. */
export function usesOsmPublicTiles(settings: TileEnv): boolean {
  const tiles = tileSettings(settings);
  return tiles !== null && /(^|\.)tile\.openstreetmap\.org$/.test(tiles.origin.replace(/^https:\/\/(\*\.)?/, "").replace(/:\d+$/, ""));
}

/** Credit for the bundled country shapes drawn beneath the tiles (world-atlas, from Natural Earth). */
export const SHAPES_ATTRIBUTION = 'Country shapes: <a href="https://www.naturalearthdata.com/">Natural Earth</a>';

/** With no tile loaded by then, the tile service counts as unreachable and the map keeps to its own shapes. */
export const TILE_TIMEOUT_MS = 8000;
