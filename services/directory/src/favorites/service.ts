import type { FavoriteBusiness } from '@freemarket/contracts';
import { paginate } from '@freemarket/db';
import { ConflictError, ForbiddenError, NotFoundError, type Actor, type ServiceRuntime } from '@freemarket/kit';
import { favoriteBusinesses } from '../db/schema/index.js';
import { canSee } from '../profiles/privacy.js';
import { ProfileRepository } from '../profiles/repository.js';
import { olderThanCursor, type Page } from '../shared/paging.js';
import { FavoriteBusinessRepository, type FavoriteWithBusiness } from './repository.js';

/**
 * Favorite local businesses: part of the member's personal interests, so others see the list only
 * when that section is public. Each business shows only what its own privacy allows.
 */
export class FavoriteBusinessService {
  constructor(private readonly runtime: ServiceRuntime) {}

  async forMember(actor: Actor, userId: string, page: { cursor?: string; limit: number }): Promise<Page<FavoriteBusiness>> {
    const owner = await new ProfileRepository(this.runtime.db).rowByUserId(userId);
    // Without a profile nothing is private yet: the member's own list still shows.
    if (owner && !canSee(owner, 'personalInterestsIsPublic', actor.userId)) throw new ForbiddenError('This member keeps their favorite businesses private');
    const rows = await this.repository.ofMember(userId, olderThanCursor(favoriteBusinesses, page.cursor), page.limit + 1);
    return paginate(
      rows.map((r) => toFavorite(r, actor)),
      page.limit,
      (f) => ({ createdAt: new Date(f.createdAt), id: f.id }),
    );
  }

  /** `POST /api/favorite-businesses`: a member with a profile, other than oneself, once. */
  async add(actor: Actor, businessUserId: string): Promise<FavoriteBusiness> {
    if (businessUserId === actor.userId) throw new ForbiddenError('You cannot favorite your own business');
    const business = await new ProfileRepository(this.runtime.db).rowByUserId(businessUserId);
    if (!business) throw new NotFoundError('Business not found');
    const id = await this.repository.insert(actor.userId, businessUserId);
    if (!id) throw new ConflictError('This business is already a favorite');
    return toFavorite((await this.repository.byId(id))!, actor);
  }

  /** `DELETE /api/favorite-businesses/{id}`: only the member who added it. */
  async remove(actor: Actor, id: string): Promise<void> {
    const row = await this.repository.row(id);
    if (!row) throw new NotFoundError('Favorite business not found');
    if (row.userId !== actor.userId) throw new ForbiddenError('Only the member who added a favorite may remove it');
    await this.repository.delete(id);
  }

  private get repository(): FavoriteBusinessRepository {
    return new FavoriteBusinessRepository(this.runtime.db);
  }
}

/** The favorite as `actor` may see it: the business's name and e-mail only where its privacy allows. */
function toFavorite(r: FavoriteWithBusiness, actor: Actor): FavoriteBusiness {
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
}
