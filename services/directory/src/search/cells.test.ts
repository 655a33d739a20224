import { describe, expect, it } from 'vitest';
import { cellsAround } from './cells.js';

const cellOf = (lat: number, lng: number) => Math.floor(lat * 4) * 2000 + Math.floor(lng * 4);

describe('cellsAround', () => {
  it('covers every point of a city-sized circle with 0.25° cells', () => {
    const cells = cellsAround({ lat: 40.7128, lng: -74.006 }, 50)!;
    for (const [lat, lng] of [[40.7128, -74.006], [41.16, -74.006], [40.27, -74.006], [40.7128, -73.41], [40.7128, -74.6]]) {
      expect(cells).toContain(cellOf(lat!, lng!));
    }
    expect(cells.length).toBeLessThanOrEqual(30);
  });

  it('tells cells apart on both sides of 0°', () => {
    const cells = cellsAround({ lat: 0, lng: 0 }, 20)!;
    expect(new Set(cells).size).toBe(cells.length);
    for (const [lat, lng] of [[0.1, 0.1], [-0.1, -0.1], [0.1, -0.1], [-0.1, 0.1]]) expect(cells).toContain(cellOf(lat!, lng!));
  });

  it('gives up for wide circles and near the poles, and wraps around the antimeridian', () => {
    expect(cellsAround({ lat: 39, lng: -98 }, 400)).toBeNull();
    expect(cellsAround({ lat: 88.9, lng: 0 }, 20)).toBeNull();
    const cells = cellsAround({ lat: 0, lng: 179.9 }, 50)!;
    expect(cells).toContain(cellOf(0, 179.95));
    expect(cells).toContain(cellOf(0, -179.9));
  });
});
