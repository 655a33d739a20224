import { and, asc, eq, ne, notExists, sql } from 'drizzle-orm';
import type { BusinessSearchResult } from '@freemarket/contracts';
import type { Actor } from '@freemarket/kit';
import type { DbOrTx } from '@freemarket/db';
import { favoriteBusinesses, profiles as p, users } from '../db/schema/index.js';
import { canSee } from '../profiles/privacy.js';
import { decodeSearchCursor, encodeSearchCursor } from './cursor.js';
import { afterName } from './repository.js';
import { toPrefixQuery } from './text-query.js';

/**
 * `GET /api/profiles/search/{text}`: the favorite-business picker (spec 02 §5). Service providers
 * whose public business name or service area, or whose member name, matches; the caller's own
 * profile and the businesses they already favorited are left out. By name.
 */
export async function searchBusinesses(
  db: DbOrTx,
  actor: Actor,
  text: string,
  page: { cursor?: string; limit: number },
): Promise<{ items: BusinessSearchResult[]; nextCursor: string | null }> {
  const cursor = decodeSearchCursor(page.cursor, 'name');
  const query = toPrefixQuery(text);
  if (!query) return { items: [], nextCursor: null };
  const rows = await db
    .select({
      profileId: p.id,
      userId: p.userId,
      memberName: p.memberName,
      nameKey: p.nameKey,
      title: p.title,
      businessName: p.businessName,
      businessInfoIsPublic: p.businessInfoIsPublic,
      contactInfoIsPublic: p.contactInfoIsPublic,
      email: users.email,
    })
    .from(p)
    .leftJoin(users, eq(users.id, p.userId))
    .where(
      and(
        p.isServiceProvider,
        sql`(${p.businessTsv} @@ to_tsquery('simple', ${query}) or ${p.nameTsv} @@ to_tsquery('simple', ${query}))`,
        ne(p.userId, actor.userId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(favoriteBusinesses)
            .where(and(eq(favoriteBusinesses.userId, actor.userId), eq(favoriteBusinesses.businessUserId, p.userId))),
        ),
        afterName(cursor),
      ),
    )
    .orderBy(sql`${p.nameKey} asc nulls last`, asc(p.id))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return {
    items: items.map((r) => {
      const businessName = canSee(r, 'businessInfoIsPublic', actor.userId) ? r.businessName : null;
      return {
        userId: r.userId,
        profileId: r.profileId,
        fullName: r.memberName ?? businessName ?? 'Member',
        email: canSee(r, 'contactInfoIsPublic', actor.userId) ? r.email : null,
        title: r.title,
        businessName,
      };
    }),
    nextCursor: rows.length > page.limit && last ? encodeSearchCursor({ sort: 'name', key: last.nameKey, id: last.profileId }) : null,
  };
}
