import {
  DIRECTORY_LIMITS,
  type ProfileLocationQuery,
  type ProfileMapQuery,
  type ProfileSearchPage,
  type ProfileSearchQuery,
  type SearchSort,
} from '@freemarket/contracts';
import type { Actor } from '@freemarket/kit';
import { queryRows, type DbOrTx } from '@freemarket/db';
import { sql } from 'drizzle-orm';
import { profiles } from '../db/schema/index.js';
import { searchConditions } from './conditions.js';
import { decodeSearchCursor, encodeSearchCursor, type SearchCursor } from './cursor.js';
import { nearby } from './geo.js';
import type { ItemCache } from './item-cache.js';
import { markerJson, withDistance } from './items.js';
import { mapAnswer, type MapAnswer } from './map-answer.js';
import type { CachedMarker, MarkerCache } from './marker-cache.js';
import { markers, SearchRepository, searchItems, WALK_ROWS, type PageQuery, type PageRow } from './repository.js';

/** A `ProfileSearchPage` as JSON text, ready to send. */
export type SearchPageJson = string & { readonly __json: ProfileSearchPage };

/** Finding profiles: the search sidebar, the map's nearby list and its markers. */
export class SearchService {
  constructor(
    private readonly db: DbOrTx,
    /** How far a filtered walk reads before the collecting plan takes over (see SearchRepository). */
    private readonly walkRows = WALK_ROWS,
    /** Where the map's markers are held in memory; without it, or where it cannot answer, the map asks Postgres. */
    private readonly markerCache?: MarkerCache,
    /** Where search results are held in memory; without it, or while it cannot answer, every result is read from Postgres. */
    private readonly itemCache?: ItemCache,
  ) {}

  /** `GET /api/profiles/search`. */
  async search(actor: Actor, query: ProfileSearchQuery): Promise<SearchPageJson> {
    const cursor = decodeSearchCursor(query.cursor, query.sort);
    const near = query.lat !== undefined && query.lng !== undefined ? nearby({ lat: query.lat, lng: query.lng }, query.radius ?? DIRECTORY_LIMITS.radiusDefaultKm) : undefined;
    const q = { ...searchConditions(query), limit: query.limit, near, cursor, viewerId: actor.userId };
    return this.answer(() => this.page(query.sort, q), query.limit, query.sort, actor.userId);
  }

  /** `GET /api/profiles/location`: everyone within the radius, nearest first. */
  async nearbyProfiles(actor: Actor, query: ProfileLocationQuery): Promise<SearchPageJson> {
    const cursor = decodeSearchCursor(query.cursor, 'distance');
    const near = nearby({ lat: query.lat, lng: query.lng }, query.radius);
    const q = { where: [], limit: query.limit, near, cursor, viewerId: actor.userId };
    return this.answer(() => new SearchRepository(this.db, this.walkRows).nearestFirst(q), query.limit, 'distance', actor.userId);
  }

  /**
   * `GET /api/profiles/map`: compact markers, nearest first, so a cut drops the farthest. Postgres
   * writes each marker's JSON text, a row apiece, and the answer goes out in pieces of
   * MARKERS_PER_PIECE: no 200 kB-3 MB single value in Postgres, in pg's parser or in V8.
   */
  async markers(actor: Actor, query: ProfileMapQuery): Promise<MapAnswer> {
    const center = { lat: query.lat, lng: query.lng };
    const held = await this.markerCache?.nearest(center, query.radius, query.limit);
    if (held) return mapAnswer(await this.asSeenBy(actor.userId, held.markers), held.truncated);
    const { items, truncated } = await markers(this.db, nearby(center, query.radius), query.limit, markerJson(actor.userId));
    return mapAnswer(items, truncated);
  }

  /** Held markers are as others see them; the viewer's own, where their skills are private, comes from Postgres with them. */
  private async asSeenBy(viewerId: string, held: CachedMarker[]): Promise<string[]> {
    let own = -1;
    const items = held.map((m, i) => {
      if (m.privateTo === viewerId) own = i;
      return m.json;
    });
    if (own < 0) return items;
    const [row] = await queryRows<{ marker: string }>(this.db, sql`select ${markerJson(viewerId)}::text as marker from ${profiles} where ${profiles.id} = ${held[own]!.id}`);
    // Deleted since it was held: the map shows it as held, as the statement would have a moment before.
    if (row) items[own] = row.marker;
    return items;
  }

  /**
   * Finds a page's keys (`find`), then writes its results. Whether held results may be used is
   * asked as the question begins, so the writes this instance answered before it count. A page
   * whose every result was deleted between the two steps is found again (up to three times): an
   * empty page with a cursor would end a client's paging early.
   */
  private async answer(find: () => Promise<PageRow[]>, limit: number, sort: SearchSort, viewerId: string): Promise<SearchPageJson> {
    const usable = this.itemCache?.usable();
    for (let attempt = 1; ; attempt++) {
      const { json, vanished } = await this.toPage(await find(), limit, sort, viewerId, usable);
      if (!vanished || attempt === 3) return json;
    }
  }

  /**
   * A page of results as the contract's JSON: the results' texts as Postgres wrote them for the
   * viewer (`searchItemJson`), from memory where held, each with its distance, joined, so Node
   * neither parses nor re-serialises them. A result deleted since its keys were read is left out;
   * the cursor still follows the keys. `vanished`: every result of a non-empty page was.
   */
  private async toPage(
    rows: PageRow[],
    limit: number,
    sort: SearchSort,
    viewerId: string,
    usable: Promise<boolean> | undefined,
  ): Promise<{ json: SearchPageJson; vanished: boolean }> {
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const nextCursor = rows.length > limit && last ? encodeSearchCursor(cursorOf(last, sort)) : null;
    const cache = (await usable) ? this.itemCache : undefined;
    const texts = new Map<string, string>();
    const missing: string[] = [];
    for (const row of page) {
      const held = row.userId === viewerId ? undefined : cache?.get(row.id);
      if (held === undefined) missing.push(row.id);
      else texts.set(row.id, held);
    }
    if (missing.length > 0) {
      const read = this.itemCache?.reading();
      try {
        for (const { id, own, item } of await searchItems(this.db, missing, viewerId)) {
          texts.set(id, item);
          if (!own) read?.keep(id, item);
        }
      } finally {
        read?.done();
      }
    }
    const items: string[] = [];
    for (const row of page) {
      const text = texts.get(row.id);
      if (text !== undefined) items.push(withDistance(text, row.distanceKm));
    }
    const json = `{"items":[${items.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}` as SearchPageJson;
    return { json, vanished: page.length > 0 && items.length === 0 };
  }

  private page(sort: SearchSort, q: PageQuery): Promise<PageRow[]> {
    const repo = new SearchRepository(this.db, this.walkRows);
    switch (sort) {
      case 'name':
        return repo.byName(q);
      case 'rating':
        return repo.byRating(q);
      case 'distance':
        return repo.nearestFirst({ ...q, near: q.near! });
      default: {
        const never: never = sort;
        throw new Error(`unknown sort ${String(never)}`);
      }
    }
  }
}


function cursorOf(row: PageRow, sort: SearchSort): SearchCursor {
  switch (sort) {
    case 'name':
      return { sort, key: row.nameKey, id: row.id };
    case 'rating':
      return { sort, key: row.averageRating, id: row.id };
    case 'distance':
      return { sort, key: row.knn!, id: row.id };
    default: {
      const never: never = sort;
      throw new Error(`unknown sort ${String(never)}`);
    }
  }
}

