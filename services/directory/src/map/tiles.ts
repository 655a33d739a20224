import { MAP_VIEW } from '@freemarket/contracts';

/**
 * The map's grid: at zoom z, web-mercator cells a quarter of a 256-pixel tile wide (64 screen
 * pixels), 4 << z across the world. The same arithmetic as `directory.map_cell_x/_y`
 * (migration 0011), which file each profile in its cell of every level up to MAX_CELL_ZOOM.
 */
export const MAX_CELL_ZOOM = MAP_VIEW.markersFromZoom - 1;

/** A view is read from a grid of at most this many cells each way (MAP_VIEW.clustersMax in all). */
const CELLS_ACROSS_MAX = Math.sqrt(MAP_VIEW.clustersMax);

/** Web mercator ends here: the map shows nothing nearer the poles. */
const MERCATOR_MAX_LAT = 85.0511287798;

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Cells `x0..x1` by `y0..y1` (inclusive, y growing southwards) of the grid at `zoom`. */
export interface CellRange {
  zoom: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

const clampCell = (v: number, zoom: number) => Math.min(Math.max(Math.floor(v), 0), (4 << zoom) - 1);

export function cellX(lng: number, zoom: number): number {
  return clampCell(((lng + 180) / 360) * (4 << zoom), zoom);
}

export function cellY(lat: number, zoom: number): number {
  const r = (Math.min(Math.max(lat, -MERCATOR_MAX_LAT), MERCATOR_MAX_LAT) * Math.PI) / 180;
  return clampCell(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * (4 << zoom), zoom);
}

/**
 * The cells covering `bounds` at `zoom`, or at the closest coarser zoom whose grid spans no more
 * than CELLS_ACROSS_MAX cells each way (a view larger than a big screen, or a zoom past the grid's).
 */
export function cellRange(bounds: Bounds, zoom: number): CellRange {
  for (let z = Math.min(zoom, MAX_CELL_ZOOM); ; z--) {
    const range = { zoom: z, x0: cellX(bounds.west, z), x1: cellX(bounds.east, z), y0: cellY(bounds.north, z), y1: cellY(bounds.south, z) };
    if (z === 0 || (range.x1 - range.x0 < CELLS_ACROSS_MAX && range.y1 - range.y0 < CELLS_ACROSS_MAX)) return range;
  }
}
