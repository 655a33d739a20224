import { doublePrecision, integer, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { directory } from './directory.js';

/**
 * The map's clusters: per zoom level, a grid of web-mercator cells a quarter of a 256-pixel tile
 * wide (64 screen pixels), each with how many profiles lie in it and the sums of their coordinates
 * (the cluster's centre is their mean). Triggers on `profiles` keep it in step in the writing
 * statement's own transaction (migration 0011, `directory.shift_map_cells`); nothing else writes it.
 */
export const mapCells = directory.table(
  'map_cells',
  {
    zoom: smallint('zoom').notNull(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    count: integer('count').notNull(),
    latSum: doublePrecision('lat_sum').notNull(),
    lngSum: doublePrecision('lng_sum').notNull(),
  },
  (t) => [primaryKey({ columns: [t.zoom, t.x, t.y] })],
);
export type MapCellRow = typeof mapCells.$inferSelect;
