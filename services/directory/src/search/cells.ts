/** earthdistance's `earth()`: the sphere `ll_to_earth` and `earth_distance` use, in metres. */
export const EARTH_RADIUS_M = 6_378_168;
const KM_PER_DEGREE = (2 * Math.PI * (EARTH_RADIUS_M / 1000)) / 360;
const SIZE = 0.25;
const MAX_CELLS = 400;
const PAD = 1e-7;

/** A circle's latitude span and longitude spans (two where it crosses the antimeridian), padded. */
export interface CircleBounds {
  minLat: number;
  maxLat: number;
  lngRanges: [number, number][];
}

/** The box around a circle on the sphere; null near a pole or where it would span every longitude. */
export function circleBounds(center: { lat: number; lng: number }, radiusKm: number): CircleBounds | null {
  const dLat = radiusKm / KM_PER_DEGREE + PAD;
  const minLat = center.lat - dLat;
  const maxLat = center.lat + dLat;
  if (minLat <= -89 || maxLat >= 89) return null;
  const widest = Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180);
  const dLng = (radiusKm / (KM_PER_DEGREE * widest)) * 1.01 + PAD;
  if (dLng >= 180) return null;
  const lngRanges: [number, number][] =
    center.lng - dLng < -180
      ? [[center.lng - dLng + 360, 180], [-180, center.lng + dLng]]
      : center.lng + dLng > 180
        ? [[center.lng - dLng, 180], [-180, center.lng + dLng - 360]]
        : [[center.lng - dLng, center.lng + dLng]];
  return { minLat, maxLat, lngRanges };
}

/**
 * The 0.25° grid cells (see `geoCell` in the schema) a circle's bounding box touches, at most 400;
 * null near a pole or for wider circles, where callers use the cube box instead. The floors match
 * the generated column's.
 */
export function cellsAround(center: { lat: number; lng: number }, radiusKm: number): number[] | null {
  const bounds = circleBounds(center, radiusKm);
  return bounds && cellsIn(bounds);
}

/** The grid cells a circle's box (circleBounds) touches, at most 400; null past that. */
export function cellsIn(bounds: CircleBounds): number[] | null {
  const rows = range(Math.floor(bounds.minLat / SIZE), Math.floor(bounds.maxLat / SIZE));
  const cols = bounds.lngRanges.flatMap(([a, b]) => range(Math.floor(a / SIZE), Math.floor(b / SIZE)));
  if (rows.length * cols.length > MAX_CELLS) return null;
  return rows.flatMap((i) => cols.map((j) => i * 2000 + j));
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, k) => from + k);
}
