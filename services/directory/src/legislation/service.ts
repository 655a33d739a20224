import type { Legislation, LegislationInput } from '@freemarket/contracts';
import { paginate } from '@freemarket/db';
import { ForbiddenError, NotFoundError, type Actor, type ServiceRuntime } from '@freemarket/kit';
import { proposedLegislation, type LegislationRow } from '../db/schema/index.js';
import { canSee } from '../profiles/privacy.js';
import { ProfileRepository } from '../profiles/repository.js';
import { olderThanCursor, type Page } from '../shared/paging.js';
import { LegislationRepository, type LegislationValues } from './repository.js';

/**
 * Proposed legislation: written by political candidates (the Political tab exists only for them),
 * part of their political info, so others see it only when that section is public.
 */
export class LegislationService {
  constructor(private readonly runtime: ServiceRuntime) {}

  async forMember(actor: Actor, userId: string, page: { cursor?: string; limit: number }): Promise<Page<Legislation>> {
    const profile = await new ProfileRepository(this.runtime.db).rowByUserId(userId);
    if (!profile || !canSee(profile, 'politicalInfoIsPublic', actor.userId)) throw new NotFoundError('Proposed legislation not found');
    const rows = await this.repository.byAuthor(userId, olderThanCursor(proposedLegislation, page.cursor), page.limit + 1);
    return paginate(rows.map(toLegislation), page.limit, (l) => ({ createdAt: new Date(l.createdAt), id: l.id }));
  }

  async create(actor: Actor, input: LegislationInput): Promise<Legislation> {
    const profile = await new ProfileRepository(this.runtime.db).rowByUserId(actor.userId);
    if (!profile?.isPoliticalCandidate) throw new ForbiddenError('Only political candidates propose legislation');
    return toLegislation(await this.repository.insert(actor.userId, valuesOf(input)));
  }

  async update(actor: Actor, id: string, input: LegislationInput): Promise<Legislation> {
    await this.owned(actor, id);
    return toLegislation(await this.repository.update(id, valuesOf(input)));
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.owned(actor, id);
    await this.repository.delete(id);
  }

  private async owned(actor: Actor, id: string): Promise<LegislationRow> {
    const row = await this.repository.byId(id);
    if (!row) throw new NotFoundError('Proposed legislation not found');
    if (row.userId !== actor.userId) throw new ForbiddenError('Only its author may change proposed legislation');
    return row;
  }

  private get repository(): LegislationRepository {
    return new LegislationRepository(this.runtime.db);
  }
}

function valuesOf(input: LegislationInput): LegislationValues {
  return { title: input.title, description: input.description ?? null, documentUrls: input.documentUrls };
}

function toLegislation(l: LegislationRow): Legislation {
  return { ...l, createdAt: l.createdAt.toISOString(), updatedAt: l.updatedAt.toISOString() };
}
