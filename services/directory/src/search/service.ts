import { DIRECTORY_LIMITS, type ProfileLocationQuery, type ProfileSearchPage, type ProfileSearchQuery, type SearchSort } from '@freemarket/contracts';
import type { Actor } from '@freemarket/kit';
import type { DbOrTx } from '@freemarket/db';
import { searchConditions } from './conditions.js';
import { decodeSearchCursor, encodeSearchCursor, type SearchCursor } from './cursor.js';
import { nearby } from './geo.js';
import { toSearchItem } from './items.js';
import { SearchRepository, type PageQuery, type PageRow } from './repository.js';

/** Finding profiles: the search sidebar and the map's nearby list. */
export class SearchService {
  constructor(private readonly db: DbOrTx) {}

  /** `GET /api/profiles/search`. */
  search(actor: Actor, query: ProfileSearchQuery): Promise<ProfileSearchPage> {
    const near = query.lat !== undefined && query.lng !== undefined ? nearby({ lat: query.lat, lng: query.lng }, query.radius ?? DIRECTORY_LIMITS.radiusDefaultKm) : undefined;
    const cursor = decodeSearchCursor(query.cursor, query.sort);
    return this.page(actor, query.sort, { where: searchConditions(query), near, cursor, limit: query.limit });
  }

  /** `GET /api/profiles/location`: everyone within the radius, nearest first. */
  nearbyProfiles(actor: Actor, query: ProfileLocationQuery): Promise<ProfileSearchPage> {
    const near = nearby({ lat: query.lat, lng: query.lng }, query.radius);
    const cursor = decodeSearchCursor(query.cursor, 'distance');
    return this.page(actor, 'distance', { where: [], near, cursor, limit: query.limit });
  }

  private async page(actor: Actor, sort: SearchSort, q: PageQuery): Promise<ProfileSearchPage> {
    const rows = await new SearchRepository(this.db).page(sort, q);
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => toSearchItem(row, actor.userId)),
      nextCursor: rows.length > q.limit && last ? encodeSearchCursor(cursorAfter(last, sort)) : null,
    };
  }
}

function cursorAfter(row: PageRow, sort: SearchSort): SearchCursor {
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
