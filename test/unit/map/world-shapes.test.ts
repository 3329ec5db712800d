import type { FeatureCollection, MultiPolygon, Polygon, Position } from "geojson";
import { describe, expect, it } from "vitest";
import { fixAntimeridian, fixAntimeridianRing, loadWorldShapes } from "../../../app/components/map/world-shapes";

const lons = (ring: Position[]) => ring.map(([lon]) => lon);
const span = (ring: Position[]) => Math.max(...lons(ring)) - Math.min(...lons(ring));

function rings(collection: FeatureCollection, name: string): Position[][] {
  const feature = collection.features.find((f) => f.properties?.name === name);
  if (!feature) throw new Error(`${name} is missing`);
  const geometry = feature.geometry as Polygon | MultiPolygon;
  return geometry.type === "Polygon" ? geometry.coordinates : geometry.coordinates.flat();
}

describe("fixAntimeridianRing", () => {
  it("shifts the western points of a ring that crosses 180° so it stays in one piece", () => {
    const fiji = [
      [178, -17],
      [-179.5, -16.5],
      [-179.8, -17.5],
      [178.5, -18],
      [178, -17],
    ];
    expect(fixAntimeridianRing(fiji)).toEqual([
      [178, -17],
      [180.5, -16.5],
      [180.2, -17.5],
      [178.5, -18],
      [178, -17],
    ]);
  });

  it("leaves a ring that does not cross the antimeridian as it is", () => {
    const france = [
      [-4, 48],
      [8, 49],
      [7, 43],
      [-1, 43],
      [-4, 48],
    ];
    expect(fixAntimeridianRing(france)).toBe(france);
  });

  it("leaves a ring around the pole alone, whose jump across 180° is part of its shape", () => {
    const polar = [
      [-180, -80],
      [-90, -75],
      [0, -70],
      [90, -75],
      [180, -80],
      [-180, -80],
    ];
    expect(fixAntimeridianRing(polar)).toBe(polar);
  });

  it("keeps extra coordinates such as altitude", () => {
    expect(fixAntimeridianRing([[179, 0, 5], [-179, 1, 6], [179, 0, 5]])).toEqual([[179, 0, 5], [181, 1, 6], [179, 0, 5]]);
  });
});

describe("the bundled world shapes", () => {
  it("draws Russia and Fiji without rings stretched across the map, and Antarctica unchanged", async () => {
    const shapes = await loadWorldShapes();
    expect(shapes.features.length).toBeGreaterThan(170);
    for (const name of ["Russia", "Fiji"]) {
      for (const ring of rings(shapes, name)) expect(span(ring), name).toBeLessThan(180);
    }
    const antarctica = rings(shapes, "Antarctica");
    expect(Math.max(...antarctica.map(span))).toBeGreaterThan(350);
    expect(antarctica.flat().every(([lon]) => lon >= -180 && lon <= 180)).toBe(true);
  });

  it("fixes every geometry of a collection and keeps its properties", () => {
    const collection: FeatureCollection = {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          properties: { name: "Fiji" },
          geometry: { type: "MultiPolygon", coordinates: [[[[179, -16], [-179, -16], [-179, -17], [179, -16]]]] },
        },
      ],
    };
    const [fixed] = fixAntimeridian(collection).features;
    expect(fixed.properties).toEqual({ name: "Fiji" });
    expect((fixed.geometry as MultiPolygon).coordinates[0][0].map(([lon]) => lon)).toEqual([179, 181, 181, 179]);
  });
});
