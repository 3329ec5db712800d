import type { FeatureCollection, Geometry, MultiPolygon, Polygon, Position } from "geojson";
import type { GeometryCollection, Topology } from "topojson-specification";

type Ring = Position[];

/** Longitude step between two points, folded into (-180, 180]: the short way round the globe. */
function wrappedStep(from: number, to: number): number {
  const step = to - from;
  if (step > 180) return step - 360;
  if (step <= -180) return step + 360;
  return step;
}

/**
 * Leaflet draws rings on a flat plane, so a ring that crosses the antimeridian (Russia's Chukotka, Fiji) would be
 * stretched across the whole world. Such a ring goes back to where it started without circling the pole: its
 * folded longitude steps add up to zero. Shifting its western points by 360° makes it continuous east of 180°.
 * A ring around a pole (Antarctica) adds up to ±360° and is already drawn correctly, so it is left alone.
 */
export function fixAntimeridianRing(ring: Ring): Ring {
  let crosses = false;
  let winding = 0;
  for (let i = 1; i < ring.length; i += 1) {
    const [from] = ring[i - 1];
    const [to] = ring[i];
    if (Math.abs(to - from) > 180) crosses = true;
    winding += wrappedStep(from, to);
  }
  if (!crosses || Math.abs(winding) > 180) return ring;
  return ring.map(([lon, lat, ...rest]) => [lon < 0 ? lon + 360 : lon, lat, ...rest]);
}

function fixGeometry(geometry: Geometry | null): Geometry | null {
  if (geometry?.type === "Polygon") {
    return { ...geometry, coordinates: geometry.coordinates.map(fixAntimeridianRing) } satisfies Polygon;
  }
  if (geometry?.type === "MultiPolygon") {
    return {
      ...geometry,
      coordinates: geometry.coordinates.map((polygon) => polygon.map(fixAntimeridianRing)),
    } satisfies MultiPolygon;
  }
  return geometry;
}

export function fixAntimeridian(collection: FeatureCollection): FeatureCollection {
  return {
    ...collection,
    features: collection.features.map((feature) => ({ ...feature, geometry: fixGeometry(feature.geometry) as Geometry })),
  };
}

type WorldAtlas = Topology<{ countries: GeometryCollection }>;

/** The bundled country shapes (world-atlas 110m, about 39 KB gzip), fetched as their own chunk on first use. */
export async function loadWorldShapes(): Promise<FeatureCollection> {
  const [{ feature }, atlas] = await Promise.all([import("topojson-client"), import("world-atlas/countries-110m.json")]);
  const topology = (atlas.default ?? atlas) as unknown as WorldAtlas;
  return fixAntimeridian(feature(topology, topology.objects.countries));
}
