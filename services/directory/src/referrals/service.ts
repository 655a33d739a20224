import type { BusinessReferral, CreateBusinessReferral } from '@freemarket/contracts';
import { paginate } from '@freemarket/db';
import { ConflictError, type Actor, type ServiceRuntime } from '@freemarket/kit';
import { businessReferrals, type BusinessReferralRow } from '../db/schema/index.js';
import { olderThanCursor, type Page } from '../shared/paging.js';
import { ReferralRepository } from './repository.js';

/**
 * Business referrals. Each earns the referrer points (rewards consumes `referral.created`), so a
 * member refers one business name (ignoring case) once.
 */
export class ReferralService {
  constructor(private readonly runtime: ServiceRuntime) {}

  async create(actor: Actor, input: CreateBusinessReferral): Promise<BusinessReferral> {
    return this.runtime.transaction(async (tx, emit) => {
      const row = await new ReferralRepository(tx).insert({
        referrerId: actor.userId,
        businessName: input.businessName,
        contactInfo: input.contactInfo || null,
        reason: input.reason || null,
        businessType: input.businessType || null,
        address: input.address || null,
        phone: input.phone || null,
        website: input.website ?? null,
      });
      if (!row) throw new ConflictError('You already referred this business');
      await emit('referral.created', { referralId: row.id, referrerId: row.referrerId, businessName: row.businessName });
      return toReferral(row);
    });
  }

  /** `GET /api/business-referrals`: the caller's own referrals, newest first. */
  async mine(actor: Actor, page: { cursor?: string; limit: number }): Promise<Page<BusinessReferral>> {
    const rows = await new ReferralRepository(this.runtime.db).byReferrer(actor.userId, olderThanCursor(businessReferrals, page.cursor), page.limit + 1);
    return paginate(rows.map(toReferral), page.limit, (r) => ({ createdAt: new Date(r.createdAt), id: r.id }));
  }
}

function toReferral(r: BusinessReferralRow): BusinessReferral {
  const { createdAt, ...rest } = r;
  return { ...rest, createdAt: createdAt.toISOString() };
}
