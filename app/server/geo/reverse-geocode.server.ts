import { geoBounds, geoContains } from "d3-geo";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { allCountries, countryByCode, findCountry, type Country } from "./countries.server";

export type ReverseGeocodeResult = { country: string; countryCode: string };

type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;
type Outline = GeoJSON.Feature<GeoJSON.Geometry, { name: string }>;
/** [[west, south], [east, north]] in degrees; west > east when the box crosses the antimeridian. */
type Bounds = [[number, number], [number, number]];
type CountryShape = { country: Country; outline: Outline; bounds: Bounds };

/** Natural Earth draws these de facto regions without an ISO code; geocoders such as Nominatim report the recognised country. */
const RECOGNISED_COUNTRY_OF_REGION: Record<string, string> = { "N. Cyprus": "CY", Somaliland: "SO" };

// The outlines (108 KB of JSON) are imported on the first lookup: a static import would parse them in every isolate's
// start-up (ADR 0067), for the one route that reads them.
let countryShapes: Promise<CountryShape[]> | undefined;

async function decodeCountryShapes(): Promise<CountryShape[]> {
  const topology = (await import("world-atlas/countries-110m.json")).default as unknown as CountriesTopology;
  const countriesByNumeric = new Map(allCountries().filter((country) => country.numeric).map((country) => [country.numeric, country]));
  const countryOf = (outline: Outline): Country | undefined =>
    (outline.id !== undefined ? countriesByNumeric.get(String(outline.id)) : undefined) ??
    findCountry(outline.properties.name) ??
    countryByCode(RECOGNISED_COUNTRY_OF_REGION[outline.properties.name] ?? "");
  return feature(topology, topology.objects.countries).features.flatMap((outline) => {
    const country = countryOf(outline);
    return country ? [{ country, outline, bounds: geoBounds(outline) }] : [];
  });
}

function boundsContain([[west, south], [east, north]]: Bounds, lon: number, lat: number): boolean {
  if (lat < south || lat > north) return false;
  return west <= east ? lon >= west && lon <= east : lon >= west || lon <= east;
}

function isCoordinate(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}

/**
 * The country whose 1:110m outline holds the point, or null at sea, off the map or on an island too small for that scale.
 * geoContains works on the sphere, so outlines that cross the antimeridian (Russia, Fiji) need no ring shifting.
 */
export async function reverseGeocode(lat: number, lon: number): Promise<ReverseGeocodeResult | null> {
  if (!isCoordinate(lat, lon)) return null;
  countryShapes ??= decodeCountryShapes().catch((error: unknown) => {
    countryShapes = undefined;
    throw error;
  });
  const hit = (await countryShapes).find(({ outline, bounds }) => boundsContain(bounds, lon, lat) && geoContains(outline, [lon, lat]));
  return hit ? { country: hit.country.name, countryCode: hit.country.code } : null;
}
