import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@freemarket/db';
import { businessReferrals, type BusinessReferralRow } from '../db/schema/index.js';

export type ReferralValues = Omit<typeof businessReferrals.$inferInsert, 'id' | 'createdAt'>;

/** Business referrals. */
export class ReferralRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Inserts the referral; undefined when the member referred that business already. */
  async insert(values: ReferralValues): Promise<BusinessReferralRow | undefined> {
    const [row] = await this.db.insert(businessReferrals).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** The member's referrals newest first, after `after` (a keyset condition) when given. */
  async byReferrer(referrerId: string, after: SQL | undefined, limit: number): Promise<BusinessReferralRow[]> {
    return this.db
      .select()
      .from(businessReferrals)
      .where(and(eq(businessReferrals.referrerId, referrerId), after))
      .orderBy(desc(businessReferrals.createdAt), desc(businessReferrals.id))
      .limit(limit);
  }
}
