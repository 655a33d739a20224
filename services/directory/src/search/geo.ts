import { sql, type SQL } from 'drizzle-orm';
import { profiles } from '../db/schema/index.js';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface Nearby {
  /** Inside the radius: the cube box the GiST index on `geo` serves, then the exact great-circle cut. */
  within: SQL;
  /**
   * Straight-line (chord) distance to the centre in metres. It orders as great-circle distance
   * does, and the GiST index yields rows in its order (KNN): nearest first reads only what it returns.
   */
  knn: SQL<number>;
  /** Great-circle distance in kilometres, for answers. */
  distanceKm: SQL<number>;
}

/**
 * All the earthdistance/cube SQL of the service (STYLE §3): `profiles.geo` is the generated
 * `ll_to_earth(latitude, longitude)` column with a GiST index; radius in kilometres.
 */
export function nearby(center: LatLng, radiusKm: number): Nearby {
  const point = sql`ll_to_earth(${center.lat}::float8, ${center.lng}::float8)`;
  const metres = sql`${radiusKm * 1000}::float8`;
  return {
    within: sql`(earth_box(${point}, ${metres}) @> ${profiles.geo} and earth_distance(${point}, ${profiles.geo}) <= ${metres})`,
    knn: sql<number>`(${profiles.geo} <-> ${point})`,
    distanceKm: sql<number>`(earth_distance(${point}, ${profiles.geo}) / 1000.0)`,
  };
}
