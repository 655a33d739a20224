import { and, desc, eq } from 'drizzle-orm';
import type { FavoriteBusiness } from '@freemarket/contracts';
import { ConflictError, ForbiddenError, NotFoundError, type Actor, type ServiceRuntime } from '@freemarket/kit';
import { favoriteBusinesses, profiles, users } from '../db/schema/index.js';
import { canSee } from '../profiles/privacy.js';
import { ProfileRepository } from '../profiles/repository.js';
import { paginate } from '@freemarket/db';
import { olderThanCursor, type Page } from '../shared/paging.js';

/**
 * Favorite local businesses: part of the member's personal interests, so others see the list only
 * when that section is public. Each business shows only what its own privacy allows.
 */
export class FavoriteBusinessService {
  constructor(private readonly runtime: ServiceRuntime) {}

  async forMember(actor: Actor, userId: string, page: { cursor?: string; limit: number }): Promise<Page<FavoriteBusiness>> {
    const owner = await new ProfileRepository(this.runtime.db).rowByUserId(userId);
    // Without a profile nothing is private yet: the member's own list still shows.
    if (owner && !canSee(owner, 'personalInterestsIsPublic', actor.userId)) throw new NotFoundError('Favorite businesses not found');
    const rows = await this.select(actor, and(eq(favoriteBusinesses.userId, userId), olderThanCursor(favoriteBusinesses, page.cursor)), page.limit + 1);
    return paginate(rows, page.limit, (f) => ({ createdAt: new Date(f.createdAt), id: f.id }));
  }

  /** `POST /api/favorite-businesses`: a member with a profile, other than oneself, once. */
  async add(actor: Actor, businessUserId: string): Promise<FavoriteBusiness> {
    if (businessUserId === actor.userId) throw new ForbiddenError('You cannot favorite your own business');
    const business = await new ProfileRepository(this.runtime.db).rowByUserId(businessUserId);
    if (!business) throw new NotFoundError('Business not found');
    const [row] = await this.runtime.db
      .insert(favoriteBusinesses)
      .values({ userId: actor.userId, businessUserId })
      .onConflictDoNothing()
      .returning({ id: favoriteBusinesses.id });
    if (!row) throw new ConflictError('This business is already a favorite');
    return (await this.select(actor, eq(favoriteBusinesses.id, row.id), 1))[0]!;
  }

  /** `DELETE /api/favorite-businesses/{id}`: only the member who added it. */
  async remove(actor: Actor, id: string): Promise<void> {
    const [row] = await this.runtime.db.select().from(favoriteBusinesses).where(eq(favoriteBusinesses.id, id));
    if (!row) throw new NotFoundError('Favorite business not found');
    if (row.userId !== actor.userId) throw new ForbiddenError('Only the member who added a favorite may remove it');
    await this.runtime.db.delete(favoriteBusinesses).where(eq(favoriteBusinesses.id, id));
  }

  private async select(actor: Actor, where: ReturnType<typeof and>, limit: number): Promise<FavoriteBusiness[]> {
    const rows = await this.runtime.db
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
    return rows.map((r) => {
      const subject = { userId: r.f.businessUserId, businessInfoIsPublic: r.businessInfoIsPublic ?? false, contactInfoIsPublic: r.contactInfoIsPublic ?? false };
      const businessName = canSee(subject, 'businessInfoIsPublic', actor.userId) ? r.businessName : null;
      return {
        id: r.f.id,
        userId: r.f.userId,
        businessUserId: r.f.businessUserId,
        createdAt: r.f.createdAt.toISOString(),
        business: {
          fullName: r.name ?? businessName ?? 'Member',
          email: canSee(subject, 'contactInfoIsPublic', actor.userId) ? (r.email ?? null) : null,
          businessName: businessName ?? null,
          title: r.title ?? null,
        },
      };
    });
  }
}
