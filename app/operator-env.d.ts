// Operator settings that are optional (unset in wrangler.toml): merged into the generated Env (worker-configuration.d.ts).
declare namespace Cloudflare {
  interface Env {
    /** A `{z}/{x}/{y}` https tile template, or "off"; unset, OpenStreetMap's public tiles (app/domain/map-tiles.ts). */
    MAP_TILE_URL?: string;
    /** The tile service's required credit, shown on the map (HTML allowed, as Leaflet shows it). */
    MAP_TILE_ATTRIBUTION?: string;
    /** Who runs the tile service, named on /privacy as a recipient of visitors' IP addresses. */
    MAP_TILE_PROVIDER?: string;
    /** The data controller named on /privacy and /cookies. */
    OPERATOR_NAME?: string;
    /** How to reach the controller: an e-mail address or a page URL. */
    OPERATOR_CONTACT?: string;
    /** Who delivers the site's mail when MAIL_API_URL is set, named on /privacy. */
    MAIL_PROVIDER?: string;
  }
}
