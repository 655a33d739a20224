import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@freemarket/db';
import { proposedLegislation, type LegislationRow } from '../db/schema/index.js';

export type LegislationValues = Pick<LegislationRow, 'title' | 'description' | 'documentUrls'>;

/** Proposed legislation rows. */
export class LegislationRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The member's proposals newest first, after `after` (a keyset condition) when given. */
  async byAuthor(userId: string, after: SQL | undefined, limit: number): Promise<LegislationRow[]> {
    return this.db
      .select()
      .from(proposedLegislation)
      .where(and(eq(proposedLegislation.userId, userId), after))
      .orderBy(desc(proposedLegislation.createdAt), desc(proposedLegislation.id))
      .limit(limit);
  }

  async byId(id: string): Promise<LegislationRow | undefined> {
    const [row] = await this.db.select().from(proposedLegislation).where(eq(proposedLegislation.id, id));
    return row;
  }

  async insert(userId: string, values: LegislationValues): Promise<LegislationRow> {
    const [row] = await this.db
      .insert(proposedLegislation)
      .values({ userId, ...values })
      .returning();
    return row!;
  }

  async update(id: string, values: LegislationValues): Promise<LegislationRow> {
    const [row] = await this.db
      .update(proposedLegislation)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(proposedLegislation.id, id))
      .returning();
    return row!;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(proposedLegislation).where(eq(proposedLegislation.id, id));
  }
}
