/** The map's base tiles. Any `{z}/{x}/{y}` raster URL works; OpenStreetMap's standard layer is the default. */
export const TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** Credit for the bundled country shapes drawn beneath the tiles (world-atlas, from Natural Earth). */
export const SHAPES_ATTRIBUTION = 'Country shapes: <a href="https://www.naturalearthdata.com/">Natural Earth</a>';

/** With no tile loaded by then, the tile service counts as unreachable and the map keeps to its own shapes. */
export const TILE_TIMEOUT_MS = 8000;
