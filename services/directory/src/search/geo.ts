import { sql, type SQL } from 'drizzle-orm';
import { profiles } from '../db/schema/index.js';
import { cellsAround } from './cells.js';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface Nearby {
  /**
   * Inside the radius, for plans that collect every match (bitmaps): the grid cells around it
   * (btree, with real statistics), or the cube box where cells do not apply, then the exact cut.
   */
  within: SQL;
  /** Inside the radius, exactly (great-circle), for rows already at hand. */
  exact: SQL;
  /**
   * Straight-line (chord) distance to the centre in metres. It orders exactly as great-circle
   * distance does, and the GiST index yields rows in its order (KNN) when a query orders by it
   * alone: 'nearest first' then reads only the rows it returns.
   */
  knn: SQL<number>;
  /** Great-circle distance in kilometres to a location (`profiles.geo`, or a subquery's copy of it), for answers. */
  distanceKm: (geo: SQL) => SQL<number>;
  /** The grid cells `within` uses; null where it uses the cube box. */
  cells: number[] | null;
  /**
   * The cube box around the radius, a bound a GiST index over `geo` tests inside the index: a
   * nearest-first walk that counts only rows the index passes stops at the box's edge when too few
   * pass, instead of reading the rest of the index. (A row in the box's corners, past the radius,
   * still tells it the radius is covered.)
   */
  walkBox: SQL;
}

/**
 * All the earthdistance/cube SQL of the service (STYLE §3): `profiles.geo` is the generated
 * `ll_to_earth(latitude, longitude)` column with a GiST index; radius in kilometres. Great-circle
 * distances are `directory.great_circle_metres`, earth_distance's arithmetic in a form Postgres
 * inlines (migration 0008).
 */
export function nearby(center: LatLng, radiusKm: number): Nearby {
  const point = sql`ll_to_earth(${center.lat}::float8, ${center.lng}::float8)`;
  const metres = sql`${radiusKm * 1000}::float8`;
  // The centre as a subquery, computed once per statement: in a prepared statement's generic plan
  // ll_to_earth of parameters is otherwise computed again for every row tested (or costed so: with
  // it in the KNN order, the generic plan of nearest first cost 37 against a custom plan's 24, and
  // Postgres planned that statement afresh on every request). The index takes it as a runtime key.
  const centre = sql`(select ${point})`;
  const exact = sql`(directory.great_circle_metres(${centre}, ${profiles.geo}) <= ${metres})`;
  const cells = cellsAround(center, radiusKm);
  return {
    within: cells
      ? sql`(${profiles.geoCell} = any(${`{${cells.join(',')}}`}::int[]) and ${exact})`
      : sql`(earth_box(${point}, ${metres}) @> ${profiles.geo} and ${exact})`,
    exact,
    knn: sql<number>`(${profiles.geo} <-> ${centre})`,
    distanceKm: (geo) => sql<number>`(directory.great_circle_metres(${centre}, ${geo}) / 1000.0)`,
    cells,
    walkBox: sql`(earth_box(${point}, ${metres}) @> ${profiles.geo})`,
  };
}
