import { MAP_VIEW } from '@freemarket/contracts';
import { describe, expect, it } from 'vitest';
import { cellRange, cellX, cellY, MAX_CELL_ZOOM } from './tiles.js';

describe('the map grid', () => {
  it('puts the whole world in 4 by 4 cells at zoom 0, north-west first', () => {
    expect([cellX(-180, 0), cellX(-0.1, 0), cellX(0, 0), cellX(180, 0)]).toEqual([0, 1, 2, 3]);
    expect([cellY(90, 0), cellY(0.1, 0), cellY(-0.1, 0), cellY(-90, 0)]).toEqual([0, 1, 2, 3]);
  });

  it('halves cells at each zoom level', () => {
    const sf = { lat: 37.7749, lng: -122.4194 };
    for (let z = 1; z <= MAX_CELL_ZOOM; z++) {
      expect(cellX(sf.lng, z) >> 1).toBe(cellX(sf.lng, z - 1));
      expect(cellY(sf.lat, z) >> 1).toBe(cellY(sf.lat, z - 1));
    }
  });

  it('reads a screenful at its own zoom: 1920 by 1080 pixels are 30 by 17 cells', () => {
    // San Francisco at zoom 12: 1920 px span 0.659° of longitude.
    const range = cellRange({ south: 37.70, west: -122.75, north: 37.85, east: -122.09 }, 12);
    expect(range.zoom).toBe(12);
    expect(range.x1 - range.x0 + 1).toBeLessThanOrEqual(32);
  });

  it('reads a view larger than the grid allows from a coarser zoom, never more than the clusters allowed', () => {
    const world = { south: -85, west: -180, north: 85, east: 180 };
    for (const zoom of [0, 3, 10, MAP_VIEW.maxZoom]) {
      const range = cellRange(world, zoom);
      expect((range.x1 - range.x0 + 1) * (range.y1 - range.y0 + 1)).toBeLessThanOrEqual(MAP_VIEW.clustersMax);
    }
    expect(cellRange(world, 10).zoom).toBe(3);
  });

  it('never reads a zoom past the stored grid', () => {
    expect(cellRange({ south: 37.77, west: -122.42, north: 37.78, east: -122.41 }, MAP_VIEW.maxZoom).zoom).toBe(MAX_CELL_ZOOM);
  });
});
