/**
 * The grid cells (see `geoCells` in the schema) a circle's bounding box touches, as a tsquery of
 * alternatives: 0.25° cells when at most 64 cover it, else 2° cells (at most 256), else null (near
 * a pole or beyond both budgets), where callers use the cube box instead. Floors match the SQL.
 */
const KM_PER_DEGREE = (2 * Math.PI * 6378.168) / 360;
const LEVELS = [
  { prefix: 'f', size: 0.25, max: 64 },
  { prefix: 'c', size: 2, max: 256 },
] as const;
const PAD = 1e-7;

export function cellQuery(center: { lat: number; lng: number }, radiusKm: number): string | null {
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
  for (const { prefix, size, max } of LEVELS) {
    const rows = range(Math.floor(minLat / size), Math.floor(maxLat / size));
    const cols = lngRanges.flatMap(([a, b]) => range(Math.floor(a / size), Math.floor(b / size)));
    if (rows.length * cols.length > max) continue;
    return rows.flatMap((i) => cols.map((j) => `'${prefix}${i}_${j}'`)).join(' | ');
  }
  return null;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, k) => from + k);
}
