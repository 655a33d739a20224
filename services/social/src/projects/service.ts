import {
  PROJECT_PARTICIPANTS_LIMIT,
  PROJECT_TARGET_DATE_PASSED,
  type CreateProjectInput,
  type ListProjectsQuery,
  type MemberName,
  type Project,
  type ProjectDetails,
  type ProjectPage,
  type UpdateProjectBody,
} from '@freemarket/contracts';
import { paginate, type DbOrTx } from '@freemarket/db';
import { ConflictError, ForbiddenError, InvalidRequestError, NotFoundError, readCursor, type Actor, type ServiceRuntime } from '@freemarket/kit';
import type { ProjectRow } from '../db/schema/index.js';
import { memberNames } from '../users/summaries.js';
import { findProject, insertProject, join, leave, pageProjects, participantsOf, setStatus, viewProject, type ProjectView } from './repository.js';

/** Community projects (spec 02 §2): anyone signed in starts one; others join and leave; the creator moves it along. */
export class ProjectService {
  constructor(private readonly runtime: ServiceRuntime) {}

  /** The creator starts as the project's first participant, which earns nothing: no `project.joined`. */
  async create(actor: Actor, input: CreateProjectInput): Promise<Project> {
    if (input.targetDate !== null) requireTargetDateAhead(input.targetDate);
    const row = await this.runtime.transaction((tx) => insertProject(tx, actor.userId, input));
    return this.card(actor, row.id);
  }

  async list(actor: Actor, query: ListProjectsQuery): Promise<ProjectPage> {
    const rows = await pageProjects(this.runtime.db, actor.userId, { category: query.category, status: query.status, after: readCursor(query.cursor), limit: query.limit });
    const page = paginate(rows, query.limit);
    const nameOf = await memberNames(this.runtime.db, page.items.map((r) => r.creatorId));
    return { items: page.items.map((r) => toProject(r, nameOf)), nextCursor: page.nextCursor };
  }

  async details(actor: Actor, id: string): Promise<ProjectDetails> {
    const row = await viewProject(this.runtime.db, id, actor.userId);
    if (!row) throw new NotFoundError('Project not found');
    const participants = await participantsOf(this.runtime.db, id, PROJECT_PARTICIPANTS_LIMIT);
    const nameOf = await memberNames(this.runtime.db, [row.creatorId, ...participants.map((p) => p.userId)]);
    return {
      ...toProject(row, nameOf),
      participants: participants.map((p) => ({ userId: p.userId, role: p.role, joinedAt: p.joinedAt.toISOString(), member: nameOf(p.userId) })),
    };
  }

  async update(actor: Actor, id: string, input: UpdateProjectBody): Promise<ProjectDetails> {
    const project = await findProject(this.runtime.db, id);
    if (!project) throw new NotFoundError('Project not found');
    if (project.creatorId !== actor.userId) throw new ForbiddenError('Only the creator can change this project');
    await setStatus(this.runtime.db, id, input.status);
    return this.details(actor, id);
  }

  /**
   * Joining twice changes nothing; each real join is announced (rewards credits the first ever).
   * Only an active project takes new participants: a completed or archived one is 409.
   */
  async join(actor: Actor, id: string): Promise<Project> {
    await this.runtime.transaction(async (tx, emit) => {
      const project = await this.joinable(tx, actor, id);
      if (project.status !== 'active') throw new ConflictError(`This project is ${project.status}: only active projects take new participants`);
      if (await join(tx, id, actor.userId)) await emit('project.joined', { projectId: id, userId: actor.userId });
    });
    return this.card(actor, id);
  }

  async leave(actor: Actor, id: string): Promise<Project> {
    await this.runtime.transaction(async (tx, emit) => {
      await this.joinable(tx, actor, id);
      if (await leave(tx, id, actor.userId)) await emit('project.left', { projectId: id, userId: actor.userId });
    });
    return this.card(actor, id);
  }

  /** The project, locked, when the member may join or leave it: anyone but its creator. */
  private async joinable(tx: DbOrTx, actor: Actor, id: string): Promise<ProjectRow> {
    const project = await findProject(tx, id, { lock: true });
    if (!project) throw new NotFoundError('Project not found');
    if (project.creatorId === actor.userId) throw new ForbiddenError('You created this project');
    return project;
  }

  private async card(actor: Actor, id: string): Promise<Project> {
    const row = await viewProject(this.runtime.db, id, actor.userId);
    if (!row) throw new NotFoundError('Project not found');
    return toProject(row, await memberNames(this.runtime.db, [row.creatorId]));
  }
}

function toProject(row: ProjectView, nameOf: (id: string) => MemberName): Project {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    customCategory: row.customCategory,
    status: row.status,
    goals: row.goals,
    targetDate: row.targetDate,
    creatorId: row.creatorId,
    creator: nameOf(row.creatorId),
    participants: row.firstParticipantIds.map((userId) => ({ userId })),
    participantCount: row.participantCount,
    isParticipant: row.isParticipant,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A target date is a calendar date without a zone, so it must not have passed where the member is:
 * anything from yesterday in UTC on is still today somewhere (as far west as UTC−12), and a member
 * west of UTC picking today is never refused.
 */
function requireTargetDateAhead(targetDate: string): void {
  const earliestToday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  if (targetDate < earliestToday) throw new InvalidRequestError(`body.targetDate: ${PROJECT_TARGET_DATE_PASSED}`);
}
