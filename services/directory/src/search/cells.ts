/**
 * The 0.25° grid cells (see `geoCell` in the schema) a circle's bounding box touches, at most 400;
 * null near a pole or for wider circles, where callers use the cube box instead. The floors match
 * the generated column's.
 */
const KM_PER_DEGREE = (2 * Math.PI * 6378.168) / 360;
const SIZE = 0.25;
const MAX_CELLS = 400;
const PAD = 1e-7;

export function cellsAround(center: { lat: number; lng: number }, radiusKm: number): number[] | null {
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
  const rows = range(Math.floor(minLat / SIZE), Math.floor(maxLat / SIZE));
  const cols = lngRanges.flatMap(([a, b]) => range(Math.floor(a / SIZE), Math.floor(b / SIZE)));
  if (rows.length * cols.length > MAX_CELLS) return null;
  return rows.flatMap((i) => cols.map((j) => i * 2000 + j));
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, k) => from + k);
}
