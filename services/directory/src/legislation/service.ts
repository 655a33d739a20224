import { and, desc, eq } from 'drizzle-orm';
import type { Legislation, LegislationInput } from '@freemarket/contracts';
import { ForbiddenError, NotFoundError, type Actor, type ServiceRuntime } from '@freemarket/kit';
import { proposedLegislation, type LegislationRow } from '../db/schema/index.js';
import { canSee } from '../profiles/privacy.js';
import { ProfileRepository } from '../profiles/repository.js';
import { paginate } from '@freemarket/db';
import { olderThanCursor, type Page } from '../shared/paging.js';

/**
 * Proposed legislation: written by political candidates (the Political tab exists only for them),
 * part of their political info, so others see it only when that section is public.
 */
export class LegislationService {
  constructor(private readonly runtime: ServiceRuntime) {}

  async forMember(actor: Actor, userId: string, page: { cursor?: string; limit: number }): Promise<Page<Legislation>> {
    const profile = await new ProfileRepository(this.runtime.db).rowByUserId(userId);
    if (!profile || !canSee(profile, 'politicalInfoIsPublic', actor.userId)) throw new NotFoundError('Proposed legislation not found');
    const rows = await this.runtime.db
      .select()
      .from(proposedLegislation)
      .where(and(eq(proposedLegislation.userId, userId), olderThanCursor(proposedLegislation, page.cursor)))
      .orderBy(desc(proposedLegislation.createdAt), desc(proposedLegislation.id))
      .limit(page.limit + 1);
    return paginate(rows.map(toLegislation), page.limit, (l) => ({ createdAt: new Date(l.createdAt), id: l.id }));
  }

  async create(actor: Actor, input: LegislationInput): Promise<Legislation> {
    const profile = await new ProfileRepository(this.runtime.db).rowByUserId(actor.userId);
    if (!profile?.isPoliticalCandidate) throw new ForbiddenError('Only political candidates propose legislation');
    const [row] = await this.runtime.db
      .insert(proposedLegislation)
      .values({ userId: actor.userId, title: input.title, description: input.description ?? null, documentUrls: input.documentUrls })
      .returning();
    return toLegislation(row!);
  }

  async update(actor: Actor, id: string, input: LegislationInput): Promise<Legislation> {
    await this.owned(actor, id);
    const [row] = await this.runtime.db
      .update(proposedLegislation)
      .set({ title: input.title, description: input.description ?? null, documentUrls: input.documentUrls, updatedAt: new Date() })
      .where(eq(proposedLegislation.id, id))
      .returning();
    return toLegislation(row!);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.owned(actor, id);
    await this.runtime.db.delete(proposedLegislation).where(eq(proposedLegislation.id, id));
  }

  private async owned(actor: Actor, id: string): Promise<LegislationRow> {
    const [row] = await this.runtime.db.select().from(proposedLegislation).where(eq(proposedLegislation.id, id));
    if (!row) throw new NotFoundError('Proposed legislation not found');
    if (row.userId !== actor.userId) throw new ForbiddenError('Only its author may change proposed legislation');
    return row;
  }
}

function toLegislation(l: LegislationRow): Legislation {
  return { ...l, createdAt: l.createdAt.toISOString(), updatedAt: l.updatedAt.toISOString() };
}
