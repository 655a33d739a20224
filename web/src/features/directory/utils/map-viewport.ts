import { MAP_VIEW } from '@freemarket/contracts/constants';

/** What the map asks the server for: the visible bounds, snapped outwards, and the zoom. */
export interface MapViewport {
  south: number;
  west: number;
  north: number;
  east: number;
  zoom: number;
}

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max);

/**
 * The bounds Leaflet reports (centred on the world copy on screen), snapped outwards to the server's
 * 64-pixel cell at that zoom: small pans keep the same view, so the query cache answers them. Clamped
 * to one world, so a view never crosses the antimeridian.
 */
export function snapViewport(bounds: { south: number; west: number; north: number; east: number }, zoom: number): MapViewport {
  const z = clamp(Math.round(zoom), MAP_VIEW.minZoom, MAP_VIEW.maxZoom);
  const step = 360 / (4 << Math.min(z, MAP_VIEW.markersFromZoom));
  const down = (v: number) => Number((Math.floor(v / step) * step).toFixed(6));
  const up = (v: number) => Number((Math.ceil(v / step) * step).toFixed(6));
  return {
    south: clamp(down(bounds.south), -90, 90),
    west: clamp(down(bounds.west), -180, 180),
    north: clamp(up(bounds.north), -90, 90),
    east: clamp(up(bounds.east), -180, 180),
    zoom: z,
  };
}
