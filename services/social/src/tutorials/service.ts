import type { CreateTutorialInput, ListTutorialsQuery, MemberName, Tutorial, TutorialPage } from '@freemarket/contracts';
import { paginate } from '@freemarket/db';
import { ForbiddenError, InvalidRequestError, NotFoundError, readCursor, type Actor, type ServiceRuntime } from '@freemarket/kit';
import { memberNames } from '../users/summaries.js';
import { canWatch } from './access.js';
import { findSkill, findTutorial, insertTutorial, pageSaved, pageTutorials, recordView, save, unsave, viewTutorial, type TutorialView } from './repository.js';

/**
 * The learning hub (spec 02 §2): tutorials filed under the directory's skills, viewed, saved and
 * announced. A paid tutorial's video is its creator's and its enrolled members' only.
 */
export class TutorialService {
  constructor(private readonly runtime: ServiceRuntime) {}

  async create(actor: Actor, input: CreateTutorialInput): Promise<Tutorial> {
    const row = await this.runtime.transaction(async (tx, emit) => {
      const skill = await findSkill(tx, input.skillId);
      if (!skill) throw new InvalidRequestError('body.skillId: is not a skill FreeMarket knows');
      const saved = await insertTutorial(tx, actor.userId, input, skill);
      await emit('tutorial.created', { tutorialId: saved.id, creatorId: actor.userId, title: saved.title, price: saved.price, isFree: saved.isFree });
      return saved;
    });
    return this.get(actor, row.id);
  }

  async byCategory(actor: Actor, categoryId: string, query: ListTutorialsQuery): Promise<TutorialPage> {
    return this.page(actor, await pageTutorials(this.runtime.db, actor.userId, { categoryId, after: readCursor(query.cursor), limit: query.limit }), query.limit);
  }

  async byCreator(actor: Actor, creatorId: string, query: ListTutorialsQuery): Promise<TutorialPage> {
    return this.page(actor, await pageTutorials(this.runtime.db, actor.userId, { creatorId, after: readCursor(query.cursor), limit: query.limit }), query.limit);
  }

  async saved(actor: Actor, query: ListTutorialsQuery): Promise<TutorialPage> {
    const rows = await pageSaved(this.runtime.db, actor.userId, { after: readCursor(query.cursor), limit: query.limit });
    return this.page(actor, rows, query.limit, (r) => ({ createdAt: r.savedAt, id: r.tutorial.id }));
  }

  /** 'Start Learning': the member's first start counts one view; a paid tutorial starts only for those who may watch it. */
  async start(actor: Actor, id: string): Promise<Tutorial> {
    const view = await viewTutorial(this.runtime.db, id, actor.userId);
    if (!view) throw new NotFoundError('Tutorial not found');
    if (!canWatch(view.tutorial, actor.userId, view.isEnrolled)) throw new ForbiddenError('Enroll in this tutorial to start learning');
    await this.runtime.transaction((tx) => recordView(tx, id, actor.userId));
    return this.get(actor, id);
  }

  async save(actor: Actor, id: string, saved: boolean): Promise<Tutorial> {
    await this.existing(id);
    await (saved ? save : unsave)(this.runtime.db, id, actor.userId);
    return this.get(actor, id);
  }

  private async existing(id: string): Promise<void> {
    if (!(await findTutorial(this.runtime.db, id))) throw new NotFoundError('Tutorial not found');
  }

  /** One tutorial as the member sees it (a link to it, and the answer to every change). */
  async get(actor: Actor, id: string): Promise<Tutorial> {
    const row = await viewTutorial(this.runtime.db, id, actor.userId);
    if (!row) throw new NotFoundError('Tutorial not found');
    return toTutorial(row, await memberNames(this.runtime.db, [row.tutorial.creatorId]), actor.userId);
  }

  private async page<R extends TutorialView>(actor: Actor, rows: R[], limit: number, keyOf: (row: R) => { createdAt: Date; id: string } = (r) => r.tutorial): Promise<TutorialPage> {
    const page = paginate(rows, limit, keyOf);
    const nameOf = await memberNames(this.runtime.db, page.items.map((r) => r.tutorial.creatorId));
    return { items: page.items.map((r) => toTutorial(r, nameOf, actor.userId)), nextCursor: page.nextCursor };
  }
}

/** The tutorial as `viewerId` sees it: a paid one's video only if they may watch it. */
function toTutorial({ tutorial, skill, isSaved, isEnrolled }: TutorialView, nameOf: (id: string) => MemberName, viewerId: string): Tutorial {
  return {
    id: tutorial.id,
    title: tutorial.title,
    description: tutorial.description,
    videoUrl: canWatch(tutorial, viewerId, isEnrolled) ? tutorial.videoUrl : null,
    duration: tutorial.duration,
    price: tutorial.price,
    isFree: tutorial.isFree,
    viewCount: tutorial.viewCount,
    creatorId: tutorial.creatorId,
    creator: nameOf(tutorial.creatorId),
    skill: skill && { id: skill.id, name: skill.name, categoryId: skill.categoryId },
    isSaved,
    isEnrolled,
    createdAt: tutorial.createdAt.toISOString(),
  };
}
