import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@freemarket/db';
import { favoriteBusinesses, profiles, users, type FavoriteBusinessRow } from '../db/schema/index.js';

/** A favorite with what its business's profile and member say, before privacy is applied. */
export type FavoriteWithBusiness = {
  f: FavoriteBusinessRow;
  name: string | null;
  title: string | null;
  businessName: string | null;
  email: string | null;
  businessInfoIsPublic: boolean | null;
  contactInfoIsPublic: boolean | null;
};

/** Members' favorite businesses, with the business's name and contact. */
export class FavoriteBusinessRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Adds the favorite; undefined when the member has it already. */
  async insert(userId: string, businessUserId: string): Promise<string | undefined> {
    const [row] = await this.db.insert(favoriteBusinesses).values({ userId, businessUserId }).onConflictDoNothing().returning({ id: favoriteBusinesses.id });
    return row?.id;
  }

  async row(id: string): Promise<FavoriteBusinessRow | undefined> {
    const [row] = await this.db.select().from(favoriteBusinesses).where(eq(favoriteBusinesses.id, id));
    return row;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(favoriteBusinesses).where(eq(favoriteBusinesses.id, id));
  }

  async byId(id: string): Promise<FavoriteWithBusiness | undefined> {
    return (await this.select(eq(favoriteBusinesses.id, id), 1))[0];
  }

  /** The member's favorites newest first, after `after` (a keyset condition) when given. */
  async ofMember(userId: string, after: SQL | undefined, limit: number): Promise<FavoriteWithBusiness[]> {
    return this.select(and(eq(favoriteBusinesses.userId, userId), after), limit);
  }

  private async select(where: SQL | undefined, limit: number): Promise<FavoriteWithBusiness[]> {
    return this.db
      .select({
        f: favoriteBusinesses,
        name: profiles.memberName,
        title: profiles.title,
        businessName: profiles.businessName,
        email: users.email,
        businessInfoIsPublic: profiles.businessInfoIsPublic,
        contactInfoIsPublic: profiles.contactInfoIsPublic,
      })
      .from(favoriteBusinesses)
      .leftJoin(profiles, eq(profiles.userId, favoriteBusinesses.businessUserId))
      .leftJoin(users, eq(users.id, favoriteBusinesses.businessUserId))
      .where(where)
      .orderBy(desc(favoriteBusinesses.createdAt), desc(favoriteBusinesses.id))
      .limit(limit);
  }
}
