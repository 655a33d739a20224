import { and, asc, eq, gt, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { PRIVACY_FLAGS, type PrivacyFlag, type SearchSort } from '@freemarket/contracts';
import type { DbOrTx } from '@freemarket/db';
import { profiles as p, users } from '../db/schema/index.js';
import { userColumns } from '../profiles/columns.js';
import type { SearchCursor } from './cursor.js';
import type { Nearby } from './geo.js';

export interface PageQuery {
  where: SQL[];
  near?: Nearby;
  cursor?: SearchCursor;
  limit: number;
}

/** The ten privacy flags of each result, for the redaction (privacy.ts). */
const privacyColumns = Object.fromEntries(PRIVACY_FLAGS.map((flag) => [flag, p[flag]])) as { [F in PrivacyFlag]: (typeof p)[F] };

/** What a result shows, but its member, distance and privacy flags. */
const resultColumns = {
  id: p.id,
  userId: p.userId,
  title: p.title,
  bio: p.bio,
  address: p.address,
  phone: p.phone,
  website: p.website,
  businessHours: p.businessHours,
  latitude: p.latitude,
  longitude: p.longitude,
  averageRating: p.averageRating,
  reviewCount: p.reviewCount,
  isServiceProvider: p.isServiceProvider,
  isNonProfit: p.isNonProfit,
  isPoliticalCandidate: p.isPoliticalCandidate,
  isCommunityMember: p.isCommunityMember,
  userSkills: p.userSkillsJson,
  certifications: p.certificationsJson,
};

const noDistance = sql<number | null>`null::float8`;

/** A page's row: what a result shows, its member and privacy flags, and its sort keys. */
function pageColumns(knn: SQL<number | null>, distanceKm: SQL<number | null>) {
  return { ...resultColumns, privacy: privacyColumns, user: userColumns, nameKey: p.nameKey, knn, distanceKm };
}

/**
 * How many rows past the page the nearest-first scan reads: profiles at exactly the distance of the
 * page's last one (one address, several profiles) are then all there to be ordered by id.
 */
const DISTANCE_TIES = 50;

/** The order of the sorts a btree serves, and the keyset condition after a cursor. */
function order(sort: Exclude<SearchSort, 'distance'>, c: SearchCursor | undefined): { by: SQL[]; after?: SQL } {
  switch (sort) {
    case 'name':
      return { by: [sql`${p.nameKey} asc nulls last`, asc(p.id)], after: afterName(c) };
    case 'rating':
      return {
        by: [sql`${p.averageRating} desc nulls last`, asc(p.id)],
        // `<=` bounds the index scan; the rest of the cursor's tie follows by id.
        after: c?.sort === 'rating' ? and(lte(p.averageRating, c.key), or(lt(p.averageRating, c.key), and(eq(p.averageRating, c.key), gt(p.id, c.id)))) : undefined,
      };
    default: {
      const never: never = sort;
      throw new Error(`unknown sort ${String(never)}`);
    }
  }
}

/** Rows after a name cursor, in `name_key asc nulls last, id` order. */
export function afterName(cursor: SearchCursor | undefined): SQL | undefined {
  if (cursor?.sort !== 'name') return undefined;
  return cursor.key === null
    ? and(sql`${p.nameKey} is null`, gt(p.id, cursor.id))
    : sql`((${p.nameKey}, ${p.id}) > (${cursor.key}, ${cursor.id}::uuid) or ${p.nameKey} is null)`;
}

/** Profile search: one statement per page, `limit + 1` rows in the sort's order (the last only says more follow). */
export class SearchRepository {
  constructor(private readonly db: DbOrTx) {}

  /**
   * The page's ids come first, in the sort's order, and only those rows are then read whole and
   * joined to their members: a search matching thousands reads thousands of sort keys, not
   * thousands of members.
   */
  page(sort: SearchSort, q: PageQuery) {
    if (sort === 'distance') return this.nearestPage(q);
    const { by, after } = order(sort, q.cursor);
    const top = this.db
      .select({ id: p.id })
      .from(p)
      .where(and(...q.where, q.near?.within, after))
      .orderBy(...by)
      .limit(q.limit + 1)
      .as('top');
    return this.db
      .select(pageColumns(q.near?.knn ?? noDistance, q.near?.distanceKm ?? noDistance))
      .from(top)
      .innerJoin(p, eq(p.id, top.id))
      .leftJoin(users, eq(users.id, p.userId))
      .orderBy(...by);
  }

  /**
   * Nearest first. The GiST index yields rows in distance order only for an ORDER BY of the
   * distance alone, so the inner scan takes the nearest rows from the cursor's distance on, and
   * the outer query orders those few by (distance, id) and reads their members.
   */
  private nearestPage(q: PageQuery) {
    const near = q.near!;
    const c = q.cursor?.sort === 'distance' ? q.cursor : undefined;
    const nearest = this.db
      .select({ id: p.id, knn: sql<number>`${near.knn}`.as('knn') })
      .from(p)
      .where(and(...q.where, near.within, c ? gte(near.knn, c.key) : undefined))
      .orderBy(near.knn)
      .limit(q.limit + 1 + DISTANCE_TIES)
      .as('nearest');
    return this.db
      .select(pageColumns(sql`${nearest.knn}`, near.distanceKm))
      .from(nearest)
      .innerJoin(p, eq(p.id, nearest.id))
      .leftJoin(users, eq(users.id, p.userId))
      .where(c ? or(gt(nearest.knn, c.key), and(eq(nearest.knn, c.key), gt(p.id, c.id))) : undefined)
      .orderBy(asc(nearest.knn), asc(p.id))
      .limit(q.limit + 1);
  }
}

export type PageRow = Awaited<ReturnType<SearchRepository['page']>>[number];
