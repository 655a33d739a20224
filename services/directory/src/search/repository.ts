import { and, sql, type SQL } from 'drizzle-orm';
import { DIRECTORY_LIMITS } from '@freemarket/contracts';
import { preparedStatement, queryPrepared, queryRows, type DbOrTx } from '@freemarket/db';
import { profiles as p, RATING_TIERS, users } from '../db/schema/index.js';
import type { TextMatch } from './conditions.js';
import type { SearchCursor } from './cursor.js';
import type { Nearby } from './geo.js';
import { searchItemJson } from './items.js';

export interface PageQuery {
  /** Every condition but the text match. */
  where: SQL[];
  text?: TextMatch;
  /** The scope's matches inside a radius are few and indexed by cell: collect them, no walk first. */
  collectInRadius?: boolean;
  limit: number;
  near?: Nearby;
  cursor?: SearchCursor;
  /** Whose view of each result the statement builds: private sections are left out for anyone but their owner. */
  viewerId: string;
}

export interface PageRow {
  id: string;
  /** False only for the walk's row past the radius, which marks the radius as covered. */
  inside: boolean;
  knn: number | null;
  nameKey: string | null;
  averageRating: string;
  /** The profile's owner: they see their own result with its private sections. */
  userId: string;
  /** From the question's centre, for the result; null without one. */
  distanceKm: number | null;
}

/**
 * Rows a filtered walk reads from a sort's index (GiST for nearest first, btree for name and
 * rating) before it gives up and lets a plan that collects every match take over. At 2,000, a skill
 * held by one profile in 100 would sit at the edge of the nearest-first walk and often pay for both
 * plans; at 4,000 the edge is one in 200, and a rarer term walks about twice as long (some
 * milliseconds) before its bitmap scan (docs/benchmarks.md, Search).
 */
export const WALK_ROWS = 4000;

/**
 * Most grid cells a cell-tagged text query names (each of its words becomes that many lexemes);
 * a 50 km radius touches 20 to 30.
 */
export const CELL_QUERY_MAX = 64;

/**
 * A walk's or a page's length, written into the statement, not bound: a prepared statement's
 * generic plan guesses a bound LIMIT at a tenth of the table, and would then sort the table
 * instead (or, costed so, never be chosen).
 */
function literalLimit(rows: number): SQL {
  if (!Number.isSafeInteger(rows) || rows < 1) throw new Error(`literalLimit: ${rows} is not a row count`);
  return sql.raw(String(rows));
}

/**
 * Page sizes written into the statements: the documented defaults, which the web client and
 * most callers ask for. Any other size is bound, so no caller can make a statement text (a
 * prepared statement on every connection) per page size; those statements are planned on each
 * call, as Postgres must for a bound LIMIT.
 */
const PLANNED_PAGE_SIZES: ReadonlySet<number> = new Set([DIRECTORY_LIMITS.searchDefault, DIRECTORY_LIMITS.locationDefault]);

/** `limit + 1` rows: the page and one to tell whether more follow. */
const pageLimit = (q: PageQuery): SQL => (PLANNED_PAGE_SIZES.has(q.limit) ? literalLimit(q.limit + 1) : sql`${q.limit + 1}`);

/** The radius's grid cells when the cell-tagged index can find the typed words in them. */
function cellTaggedText(q: PageQuery): number[] | null {
  const cells = q.near?.cells;
  return cells && cells.length <= CELL_QUERY_MAX && q.text?.inCells ? cells : null;
}

/** The conditions a row must meet, for plans that test rows one by one (the KNN walk). */
const rowConditions = (q: PageQuery): SQL[] => (q.text ? [...q.where, q.text.row] : q.where);

/**
 * The conditions of a plan that collects every match (bitmap scans): inside a radius with grid
 * cells, text on the `all` document is matched in those cells by the cell-tagged index (one small
 * posting list per word and cell) and only the exact distance is left to test.
 */
function collected(q: PageQuery): (SQL | undefined)[] {
  const cells = cellTaggedText(q);
  if (cells && q.near && q.text?.inCells) return [...q.where, q.text.inCells(cells), q.near.exact];
  return [...rowConditions(q), q.near?.within];
}

/**
 * What a page's statement takes from each row it reads: the sort keys, the owner, and the location
 * the answer's distance is computed from (for the page's rows alone, in `withKeys`), so that the
 * page needs no second read of its rows.
 */
const keys = (near: Nearby | undefined) =>
  sql`${p.id} as id, ${p.nameKey} as name_key, ${p.averageRating} as average_rating, ${near ? near.knn : sql`null::float8`} as knn, ${near ? near.exact : sql`true`} as inside, ${p.userId} as user_id, ${p.geo} as geo`;

/** The keys of a page sorted by name or rating: no distance is computed for rows that are not returned. */
const sortKeys = keys(undefined);

/**
 * The conditions a walk tests on each row, the cheapest first (AND stops at the first false): the
 * radius (its grid cells, then the exact distance), then the flags, then the text, which reads the
 * row's search document.
 */
const walkConditions = (q: PageQuery): (SQL | undefined)[] => [q.near?.within, ...rowConditions(q)];

/** A sort by name or rating, as a walk and as a collection of every match see it. */
export interface SortOrder {
  /** The sort's index order. */
  index: SQL;
  /** The same order over the page's rows (`w`). */
  page: SQL;
  /**
   * Where in the index the walk reads, in turn: conditions the index can seek to (none: from the
   * top). Two for a rating cursor (the rest of its tie, then the lower ratings) and for a named
   * cursor (the names after it, then the unnamed).
   */
  start: SQL[];
  /** Exactly the rows after the cursor. */
  after?: SQL;
  /**
   * Bands of rows, best first, each sorting before every row outside it and found apart by an
   * index of its own (RATING_TIERS): a collection looks in each in turn, and the first that fills a
   * page gives the page. Only the bands the cursor has not yet left.
   */
  tiers: SQL[];
}

export function nameOrder(cursor: SearchCursor | undefined): SortOrder {
  const after = afterName(cursor);
  // Names sort nulls last: after a named cursor the walk reads the names after it, then the unnamed
  // rows; after an unnamed one, the unnamed rows after it. Each part is a range the index seeks to.
  const start =
    cursor?.sort !== 'name'
      ? []
      : cursor.key === null
        ? [after!]
        : [sql`(${p.nameKey}, ${p.id}) > (${cursor.key}, ${cursor.id}::uuid)`, sql`${p.nameKey} is null`];
  return { index: sql`${p.nameKey} asc nulls last, ${p.id}`, page: sql`w.name_key asc nulls last, w.id`, start, after, tiers: [] };
}

export function ratingOrder(cursor: SearchCursor | undefined): SortOrder {
  const after = afterRating(cursor);
  // The index (rating desc, id asc) cannot seek to 'after (key, id)' in one range, but can to the
  // rest of the cursor's tie and then to the lower ratings. (Seeking to `rating <= key` re-read the
  // tie up to the cursor on every page: unrated profiles are one tie of most of the table.)
  const start =
    cursor?.sort === 'rating'
      ? [sql`(${p.averageRating} = ${cursor.key}::numeric and ${p.id} > ${cursor.id}::uuid)`, sql`${p.averageRating} < ${cursor.key}::numeric`]
      : [];
  // Every row of a tier sorts before every row outside it, so while the cursor is still inside one
  // its rows after the cursor, when they fill a page, are the page. Each tier is a literal, as in its
  // partial index, for the planner to match.
  const tiers = RATING_TIERS.filter((t) => cursor?.sort !== 'rating' || Number(cursor.key) >= t.min).map((t) => sql.raw(t.condition));
  // NULLS LAST as the index has it (the column is never null): with Postgres's default for DESC, NULLS
  // FIRST, the index does not serve the order and every walk read and sorted the whole table.
  return { index: sql`${p.averageRating} desc nulls last, ${p.id}`, page: sql`w.average_rating desc nulls last, w.id`, start, after, tiers };
}

/**
 * The statements of profile search (`statement*` build them, for EXPLAIN too). Each page query
 * selects `limit + 1` rows' keys, with the owner and the distance of those rows only; the results
 * themselves are read apart (`searchItems`), those held in memory not at all.
 */
export const statements = {
  /**
   * In a sort's index order from the cursor on, testing each row: at most `walk` rows are read, and
   * the first `limit + 1` that pass are the page. Fast when matches are common among what the index
   * passes on its way; the planner, left to choose, walked whole indexes for rare ones (13.8 s for a
   * schools search in San Francisco, docs/benchmarks.md, Search).
   */
  sortedWalk: (q: PageQuery, order: SortOrder, walk = WALK_ROWS): SQL => {
    const ok = and(...walkConditions(q), order.after) ?? sql`true`;
    const rows = literalLimit(walk);
    const from = (start?: SQL) => sql`(select ${sortKeys}, (${ok}) as ok from ${p} ${start ? sql`where ${start}` : sql``} order by ${order.index} limit ${rows})`;
    // Segments are read in turn: a plain Append runs UNION ALL's parts in the order written. (Only a
    // parallel one would not, and the service's sessions plan no parallel workers. Sorting the union
    // instead made Postgres read every part whole, 4,000 rows and a sort where the page needed 21.)
    const walked = order.start.length > 0 ? sql.join(order.start.map(from), sql` union all `) : from();
    return withKeys(sql`select * from (select * from (${walked}) s limit ${rows}) k where k.ok limit ${pageLimit(q)}`, q, order.page);
  },

  /**
   * Every match after the cursor, then sorted. MATERIALIZED keeps the planner from walking the
   * sort's index instead: the matches are found by the indexes of their conditions alone.
   * With `tiers` (bands of the sort, best first, each with an index of its own: `SortOrder.tiers`),
   * the matches are collected band by band, then among the rest, each part sorted apart: a plain
   * Append runs UNION ALL's parts in the order written and stops once the LIMIT above it has its
   * rows, so a part is read only when those before it held less than a page. The page's order, not
   * only its cost, rests on that: the parts come out in turn, as no parallel Append would give them
   * (the service's sessions plan no parallel workers, and a CTE scan runs in none). One statement,
   * not one per band: each statement of a request waits its turn for a pooled connection.
   */
  sortedCollect: (q: PageQuery, order: SortOrder, tiers: SQL[] = []): SQL => {
    const collect = (band?: SQL) =>
      sql`with m as materialized (select ${sortKeys} from ${p} where ${and(...collected(q), order.after, band) ?? sql`true`})
        select * from m w order by ${order.page} limit ${pageLimit(q)}`;
    if (tiers.length === 0) return withKeys(collect(), q, order.page);
    // Each part holds what the bands before it do not: tiers[i] and not tiers[i - 1]; the rest last.
    // `is not true`, not `not`: Postgres turns 'not rating >= 4.50' into 'rating < 4.50', which the
    // rating's btree serves, and the planner ANDed its 840,000 entries into the rest's plan (77 ms).
    const parts = [...tiers, undefined].map((tier, i) => {
      const outside = i > 0 ? sql`(${tiers[i - 1]}) is not true` : undefined;
      return sql`select * from (${collect(and(tier, outside))}) part${sql.raw(String(i))}`;
    });
    return withKeys(sql`select * from (${sql.join(parts, sql` union all `)}) parts limit ${pageLimit(q)}`, q, order.page);
  },

  /**
   * Nearest first straight from the GiST index (KNN). Without filters the scan reads exactly
   * `limit + 1` rows and the radius is applied to them; with filters it walks at most
   * WALK_ROWS rows, testing each (only rows that may hold the words, where the scope's
   * document is in the index: `TextMatch.nearestFirst`). No bounding box on the plain walk: with
   * one, the planner (which rates any box as holding 0.1% of the table) prefers a bitmap scan and
   * a sort of the whole box. The words' index takes one (`walkBox`) as a condition it tests itself.
   */
  nearest: (q: PageQuery & { near: Nearby }, walk = WALK_ROWS): SQL => {
    const after = afterDistance(q.near, q.cursor);
    const where = rowConditions(q);
    if (where.length === 0) {
      return withKeys(
        sql`select * from (select ${keys(q.near)} from ${p} ${after ? sql`where ${after}` : sql``}
          order by ${q.near.knn} limit ${pageLimit(q)}) k where k.inside`,
        q,
        sql`w.knn`,
      );
    }
    // Rows come nearest first, so the first one outside the radius ends the search: it is
    // returned too (inside = false), telling the caller the walk covered the whole radius. Where
    // the scope's (geo, document) index can test the words, the walk passes over only the rows
    // that may hold them, and the first of those outside the radius covers it just the same. The
    // index tests a box around the radius too (`walkBox`): words held by no one nearby would
    // otherwise walk the whole index in distance order (85 ms) looking for a row to stop at.
    const indexed = q.text?.nearestFirst;
    return withKeys(
      sql`select * from (select ${keys(q.near)}, (${and(...where, q.near.exact, after)}) as ok from ${p} ${indexed ? sql`where ${indexed} and ${q.near.walkBox}` : sql``}
          order by ${q.near.knn} limit ${literalLimit(walk)}) k where k.ok or not k.inside limit ${pageLimit(q)}`,
      q,
      sql`w.knn`,
    );
  },

  /** Every match inside the radius (bitmap scans), sorted: exact when the walk found too few. */
  nearestByBitmap: (q: PageQuery & { near: Nearby }, tie?: number): SQL =>
    withKeys(
      sql`select ${keys(q.near)} from ${p}
        where ${and(...collected(q), afterDistance(q.near, q.cursor), tie === undefined ? undefined : sql`${q.near.knn} = ${tie}`)}
        order by ${q.near.knn}, ${p.id} limit ${pageLimit(q)}`,
      q,
      sql`w.knn, w.id`,
    ),
};

function withKeys(page: SQL, q: PageQuery, order: SQL): SQL {
  return sql`select w.id, w.knn, w.name_key, w.average_rating::text as average_rating, w.inside, w.user_id,
      ${q.near ? q.near.distanceKm(sql`w.geo`) : sql`null::float8`} as distance_km
    from (${page}) w
    order by ${order}`;
}

/**
 * The results of the profiles `ids` as `viewerId` may see them (`searchItemJson`, without the
 * distance), and whether each is the viewer's own. Rows deleted meanwhile are missing.
 */
export function searchItems(db: DbOrTx, ids: string[], viewerId: string): Promise<{ id: string; own: boolean; item: string }[]> {
  return itemsById.execute(db, { ids: `{${ids.join(',')}}`, viewer: viewerId });
}

const viewer = sql.placeholder('viewer');
const itemsById = preparedStatement(
  'search_items_by_id',
  sql`select ${p.id} as id, ${p.userId} = ${viewer} as own, ${searchItemJson(viewer)} as item
    from ${p} left join ${users} on ${users.id} = ${p.userId} where ${p.id} = any(${sql.placeholder('ids')}::uuid[])`,
);

/** Rows after a name cursor, in `name_key asc nulls last, id` order. */
export function afterName(cursor: SearchCursor | undefined): SQL | undefined {
  if (cursor?.sort !== 'name') return undefined;
  return cursor.key === null
    ? sql`(${p.nameKey} is null and ${p.id} > ${cursor.id})`
    : sql`((${p.nameKey}, ${p.id}) > (${cursor.key}, ${cursor.id}::uuid) or ${p.nameKey} is null)`;
}

function afterRating(cursor: SearchCursor | undefined): SQL | undefined {
  if (cursor?.sort !== 'rating') return undefined;
  return sql`(${p.averageRating} < ${cursor.key}::numeric or (${p.averageRating} = ${cursor.key}::numeric and ${p.id} > ${cursor.id}))`;
}

function afterDistance(near: Nearby, cursor: SearchCursor | undefined): SQL | undefined {
  if (cursor?.sort !== 'distance') return undefined;
  return sql`(${near.knn} > ${cursor.key} or (${near.knn} = ${cursor.key} and ${p.id} > ${cursor.id}))`;
}

/** Runs the search statements; every method answers up to `limit + 1` rows in their final order. */
export class SearchRepository {
  /** `walkRows`: how far a filtered walk reads (WALK_ROWS; tests shorten it to make the hand-over happen). */
  constructor(
    private readonly db: DbOrTx,
    private readonly walkRows = WALK_ROWS,
  ) {}

  byName(q: PageQuery): Promise<PageRow[]> {
    return this.sorted(q, nameOrder(q.cursor));
  }

  byRating(q: PageQuery): Promise<PageRow[]> {
    return this.sorted(q, ratingOrder(q.cursor));
  }

  /**
   * By name or rating. Text that the cell-tagged index finds inside the radius is collected at once:
   * that index finds every match in a few milliseconds, and such matches are too rare for a walk.
   * By rating, the rating tiers are collected first, best first (RATING_TIERS, each with its own
   * cell-tagged index): in a dense metro a common word matches thousands, each a heap read, where
   * the page needs the best 21.
   * A scope whose own index finds its profiles by cell (schools) is collected at once inside a
   * radius too. Anything else walks the sort's index first, and hands over to the collection when
   * the walk ends with fewer than a page (the matches are rare, or there are no more).
   * The cell-tagged collections run prepared: their plan is the cell-tagged index whatever the
   * words and cells, and Postgres's generic plan spares planning them each time (0.7 ms of a 2 ms
   * statement; docs/benchmarks.md, Search).
   */
  private async sorted(q: PageQuery, order: SortOrder): Promise<PageRow[]> {
    const tagged = cellTaggedText(q) !== null;
    if (!tagged && !(q.collectInRadius && q.near?.cells)) {
      const walked = await this.run(statements.sortedWalk(q, order, this.walkRows), true);
      if (walked.length > q.limit) return walked;
    }
    // The tiers' indexes are cell-tagged: elsewhere a tier would be a filter on the same reads.
    return this.run(statements.sortedCollect(q, order, tagged ? order.tiers : []), tagged);
  }

  /**
   * Nearest first, ties by id. A filtered walk that found fewer than a page without reaching the
   * edge of the radius falls back to the bitmap plan, whose answer is complete. The index orders by distance alone, so when the row
   * past the page shares the last row's distance (members at one address), that whole tie is read
   * again in id order.
   */
  async nearestFirst(q: PageQuery & { near: Nearby }): Promise<PageRow[]> {
    const walked = await this.run(statements.nearest(q, this.walkRows), true);
    let rows = walked.filter((r) => r.inside);
    const covered = rows.length > q.limit || rows.length < walked.length;
    if (rowConditions(q).length > 0 && !covered) return this.run(statements.nearestByBitmap(q));
    const byKnnThenId = (a: PageRow, b: PageRow) => a.knn! - b.knn! || (a.id < b.id ? -1 : 1);
    const last = rows[q.limit - 1];
    const extra = rows[q.limit];
    if (!last || !extra || extra.knn !== last.knn) return rows.sort(byKnnThenId);
    const tie = extra.knn!;
    const tied = await this.run(statements.nearestByBitmap(q, tie));
    rows = [...rows.filter((r) => r.knn! < tie).sort(byKnnThenId), ...tied];
    return rows.slice(0, q.limit + 1);
  }

  private async run(statement: SQL, prepared = false): Promise<PageRow[]> {
    const rows = await (prepared ? queryPrepared : queryRows)<{
      id: string;
      inside: boolean;
      knn: number | null;
      name_key: string | null;
      average_rating: string;
      user_id: string;
      distance_km: number | null;
    }>(this.db, statement);
    return rows.map((r) => ({
      id: r.id,
      inside: r.inside,
      knn: r.knn,
      nameKey: r.name_key,
      averageRating: r.average_rating,
      userId: r.user_id,
      distanceKm: r.distance_km,
    }));
  }
}

/**
 * The map's markers, nearest first: each row one marker's JSON text, the radius applied to
 * `limit + 1` KNN rows (a row past `limit` only says the answer was cut). Rows, not one aggregate:
 * a single 200 kB-3 MB value costs Postgres and Node large fresh allocations on every request.
 */
export function markerStatement(near: Nearby, limit: number, marker: SQL): SQL {
  return sql`select k.marker::text as marker
    from (select ${near.knn} as knn, ${near.exact} as inside, ${marker} as marker from ${p} order by ${near.knn} limit ${limit + 1}) k
    where k.inside order by k.knn`;
}

export async function markers(db: DbOrTx, near: Nearby, limit: number, marker: SQL): Promise<{ items: string[]; truncated: boolean }> {
  const rows = await queryPrepared<{ marker: string }>(db, markerStatement(near, limit, marker));
  const truncated = rows.length > limit;
  return { items: (truncated ? rows.slice(0, limit) : rows).map((r) => r.marker), truncated };
}
