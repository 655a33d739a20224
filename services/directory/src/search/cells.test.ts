import { describe, expect, it } from 'vitest';
import { cellQuery } from './cells.js';

const cellOf = (lat: number, lng: number) => `'f${Math.floor(lat * 4)}_${Math.floor(lng * 4)}'`;

describe('cellQuery', () => {
  it('covers every point of the circle with 0.25° cells for a city-sized radius', () => {
    const q = cellQuery({ lat: 40.7128, lng: -74.006 }, 50)!;
    for (const [lat, lng] of [[40.7128, -74.006], [41.16, -74.006], [40.27, -74.006], [40.7128, -73.41], [40.7128, -74.6]]) expect(q).toContain(cellOf(lat!, lng!));
    expect(q.split('|').length).toBeLessThanOrEqual(64);
  });

  it('switches to 2° cells for wide radii and gives up near the poles', () => {
    expect(cellQuery({ lat: 39, lng: -98 }, 400)).toMatch(/^'c/);
    expect(cellQuery({ lat: 88.5, lng: 0 }, 200)).toBeNull();
  });

  it('wraps around the antimeridian', () => {
    const q = cellQuery({ lat: 0, lng: 179.9 }, 50)!;
    expect(q).toContain(cellOf(0, 179.95));
    expect(q).toContain(cellOf(0, -179.9));
  });
});
