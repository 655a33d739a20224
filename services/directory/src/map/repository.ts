import { and, between, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@freemarket/db';
import { MAP_POINT, mapCells, profiles as p } from '../db/schema/index.js';
import type { Bounds, CellRange } from './tiles.js';

const point = sql.raw(MAP_POINT);

/** What the map reads: the grid's cells and the profiles inside a view. */
export class MapRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The non-empty cells of `range`, from the primary key. */
  cells(range: CellRange) {
    return this.db
      .select({ count: mapCells.count, latSum: mapCells.latSum, lngSum: mapCells.lngSum })
      .from(mapCells)
      .where(and(eq(mapCells.zoom, range.zoom), between(mapCells.x, range.x0, range.x1), between(mapCells.y, range.y0, range.y1), gt(mapCells.count, 0)));
  }

  /** Up to `limit` profiles inside `bounds`, nearest its centre first, from the profiles' point index. */
  markers(bounds: Bounds, limit: number) {
    const box = sql`box(point(${bounds.west}::float8, ${bounds.south}::float8), point(${bounds.east}::float8, ${bounds.north}::float8))`;
    const centre = sql`point(${(bounds.west + bounds.east) / 2}::float8, ${(bounds.south + bounds.north) / 2}::float8)`;
    return this.db
      .select({
        id: p.id,
        userId: p.userId,
        name: p.memberName,
        title: p.title,
        latitude: p.latitude,
        longitude: p.longitude,
        averageRating: p.averageRating,
        reviewCount: p.reviewCount,
        isServiceProvider: p.isServiceProvider,
        isNonProfit: p.isNonProfit,
        isPoliticalCandidate: p.isPoliticalCandidate,
        isCommunityMember: p.isCommunityMember,
        professionalInfoIsPublic: p.professionalInfoIsPublic,
        skills: p.skillSummary,
      })
      .from(p)
      .where(sql`${point} <@ ${box}`)
      .orderBy(sql`${point} <-> ${centre}`)
      .limit(limit);
  }
}

export type MarkerRow = Awaited<ReturnType<MapRepository['markers']>>[number];
export type CellRow = Awaited<ReturnType<MapRepository['cells']>>[number];
