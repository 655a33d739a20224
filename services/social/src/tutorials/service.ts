import type { CreateTutorialInput, ListTutorialsQuery, MemberName, Tutorial, TutorialPage } from '@freemarket/contracts';
import { paginate } from '@freemarket/db';
import { InvalidRequestError, NotFoundError, readCursor, type Actor, type ServiceRuntime } from '@freemarket/kit';
import { memberNames } from '../users/summaries.js';
import { findSkill, findTutorial, insertTutorial, pageSaved, pageTutorials, recordView, save, unsave, viewTutorial, type TutorialView } from './repository.js';

/** The learning hub (spec 02 §2): tutorials filed under the directory's skills, viewed, saved and announced. */
export class TutorialService {
  constructor(private readonly runtime: ServiceRuntime) {}

  async create(actor: Actor, input: CreateTutorialInput): Promise<Tutorial> {
    const row = await this.runtime.transaction(async (tx, emit) => {
      const skill = await findSkill(tx, input.skillId);
      if (!skill) throw new InvalidRequestError('body.skillId: is not a skill FreeMarket knows');
      const saved = await insertTutorial(tx, actor.userId, input, skill);
      await emit('tutorial.created', { tutorialId: saved.id, creatorId: actor.userId });
      return saved;
    });
    return this.one(actor, row.id);
  }

  async byCategory(actor: Actor, categoryId: string, query: ListTutorialsQuery): Promise<TutorialPage> {
    return this.page(await pageTutorials(this.runtime.db, actor.userId, { categoryId, after: readCursor(query.cursor), limit: query.limit }), query.limit);
  }

  async byCreator(actor: Actor, creatorId: string, query: ListTutorialsQuery): Promise<TutorialPage> {
    return this.page(await pageTutorials(this.runtime.db, actor.userId, { creatorId, after: readCursor(query.cursor), limit: query.limit }), query.limit);
  }

  async saved(actor: Actor, query: ListTutorialsQuery): Promise<TutorialPage> {
    const rows = await pageSaved(this.runtime.db, actor.userId, { after: readCursor(query.cursor), limit: query.limit });
    return this.page(rows, query.limit, (r) => ({ createdAt: r.savedAt, id: r.tutorial.id }));
  }

  /** 'Start Learning': the member's first start counts one view. */
  async start(actor: Actor, id: string): Promise<Tutorial> {
    await this.existing(id);
    await this.runtime.transaction((tx) => recordView(tx, id, actor.userId));
    return this.one(actor, id);
  }

  async save(actor: Actor, id: string, saved: boolean): Promise<Tutorial> {
    await this.existing(id);
    await (saved ? save : unsave)(this.runtime.db, id, actor.userId);
    return this.one(actor, id);
  }

  private async existing(id: string): Promise<void> {
    if (!(await findTutorial(this.runtime.db, id))) throw new NotFoundError('Tutorial not found');
  }

  private async one(actor: Actor, id: string): Promise<Tutorial> {
    const row = await viewTutorial(this.runtime.db, id, actor.userId);
    if (!row) throw new NotFoundError('Tutorial not found');
    return toTutorial(row, await memberNames(this.runtime.db, [row.tutorial.creatorId]));
  }

  private async page<R extends TutorialView>(rows: R[], limit: number, keyOf: (row: R) => { createdAt: Date; id: string } = (r) => r.tutorial): Promise<TutorialPage> {
    const page = paginate(rows, limit, keyOf);
    const nameOf = await memberNames(this.runtime.db, page.items.map((r) => r.tutorial.creatorId));
    return { items: page.items.map((r) => toTutorial(r, nameOf)), nextCursor: page.nextCursor };
  }
}

function toTutorial({ tutorial, skill, isSaved }: TutorialView, nameOf: (id: string) => MemberName): Tutorial {
  return {
    id: tutorial.id,
    title: tutorial.title,
    description: tutorial.description,
    videoUrl: tutorial.videoUrl,
    duration: tutorial.duration,
    price: tutorial.price,
    isFree: tutorial.isFree,
    viewCount: tutorial.viewCount,
    creatorId: tutorial.creatorId,
    creator: nameOf(tutorial.creatorId),
    skill: skill && { id: skill.id, name: skill.name, categoryId: skill.categoryId },
    isSaved,
    createdAt: tutorial.createdAt.toISOString(),
  };
}
