import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { olderThan, type DbOrTx, type TimeIdKey } from '@freemarket/db';
import { PROJECT_CARD_PARTICIPANTS, type CreateProjectInput, type ProjectCategory, type ProjectStatus } from '@freemarket/contracts';
import { projectParticipants, projects, type ProjectParticipantRow, type ProjectRow } from '../db/schema/index.js';

// Without `updatedAt`, which no card shows: each timestamp read costs a Date.
export type ProjectView = Omit<ProjectRow, 'updatedAt'> & { isParticipant: boolean; firstParticipantIds: string[] };

// Written against the table's full name: drizzle leaves a lone table's columns unqualified, which a subquery would take as its own.
const joinedBy = (viewerId: string) => sql<boolean>`exists (select 1 from ${projectParticipants} pp where pp.project_id = ${projects}.id and pp.user_id = ${viewerId})`;

// A card's first participants, earliest first, as a column of the project's row: no second statement per page.
const firstParticipantIds = sql<string[]>`array(select pp.user_id from ${projectParticipants} pp where pp.project_id = ${projects}.id order by pp.joined_at, pp.user_id limit ${sql.raw(String(PROJECT_CARD_PARTICIPANTS))})`;

function viewColumns(viewerId: string) {
  return {
    id: projects.id,
    creatorId: projects.creatorId,
    title: projects.title,
    description: projects.description,
    category: projects.category,
    customCategory: projects.customCategory,
    status: projects.status,
    goals: projects.goals,
    targetDate: projects.targetDate,
    createdAt: projects.createdAt,
    participantCount: projects.participantCount,
    isParticipant: joinedBy(viewerId),
    firstParticipantIds,
  };
}

/** Inserts the project with its creator as its first participant, counted; run it in a transaction. */
export async function insertProject(tx: DbOrTx, creatorId: string, input: CreateProjectInput): Promise<ProjectRow> {
  const [row] = await tx
    .insert(projects)
    .values({ creatorId, ...input, participantCount: 1 })
    .returning();
  await tx.insert(projectParticipants).values({ projectId: row!.id, userId: creatorId, role: 'creator', joinedAt: row!.createdAt });
  return row!;
}

export async function findProject(db: DbOrTx, id: string, options: { lock?: boolean } = {}): Promise<ProjectRow | undefined> {
  const query = db.select().from(projects).where(eq(projects.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function viewProject(db: DbOrTx, id: string, viewerId: string): Promise<ProjectView | undefined> {
  const [row] = await db.select(viewColumns(viewerId)).from(projects).where(eq(projects.id, id)).limit(1);
  return row;
}

export async function setStatus(db: DbOrTx, id: string, status: ProjectStatus): Promise<void> {
  await db.update(projects).set({ status, updatedAt: new Date() }).where(eq(projects.id, id));
}

/** One page of projects, newest first, optionally of one category and one status. */
export function pageProjects(
  db: DbOrTx,
  viewerId: string,
  options: { category?: ProjectCategory; status?: ProjectStatus; after?: TimeIdKey; limit: number },
): Promise<ProjectView[]> {
  const conditions: SQL[] = [];
  if (options.category) conditions.push(eq(projects.category, options.category));
  if (options.status) conditions.push(eq(projects.status, options.status));
  if (options.after) conditions.push(olderThan(projects.createdAt, projects.id, options.after));
  return db
    .select(viewColumns(viewerId))
    .from(projects)
    .where(and(...conditions))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(options.limit + 1);
}

export function participantsOf(db: DbOrTx, projectId: string, limit: number): Promise<ProjectParticipantRow[]> {
  return db
    .select()
    .from(projectParticipants)
    .where(eq(projectParticipants.projectId, projectId))
    .orderBy(asc(projectParticipants.joinedAt), asc(projectParticipants.userId))
    .limit(limit);
}

/** True when the member was not a participant yet; counts them on the project. Run it in the transaction that locked the project. */
export async function join(db: DbOrTx, projectId: string, userId: string): Promise<boolean> {
  const inserted = await db.insert(projectParticipants).values({ projectId, userId }).onConflictDoNothing().returning({ userId: projectParticipants.userId });
  if (inserted.length === 0) return false;
  await countParticipants(db, projectId, 1);
  return true;
}

/** True when the member was a participant; takes them off the project's count. Run it in the transaction that locked the project. */
export async function leave(db: DbOrTx, projectId: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(projectParticipants)
    .where(and(eq(projectParticipants.projectId, projectId), eq(projectParticipants.userId, userId)))
    .returning({ userId: projectParticipants.userId });
  if (deleted.length === 0) return false;
  await countParticipants(db, projectId, -1);
  return true;
}

async function countParticipants(db: DbOrTx, projectId: string, by: 1 | -1): Promise<void> {
  await db
    .update(projects)
    .set({ participantCount: sql`${projects.participantCount} + ${by}` })
    .where(eq(projects.id, projectId));
}

/**
 * Locks, in id order, every project the member made or joined. A member's deletion takes them before
 * it erases anything of a project, so two deletions sharing projects run one after the other instead
 * of each holding some while it waits for the other's; joining and leaving lock the project first too.
 */
export async function lockProjectsOf(db: DbOrTx, memberId: string): Promise<void> {
  await db.execute(sql`select p.id from ${projects} p
    where p.creator_id = ${memberId} or p.id in (select project_id from ${projectParticipants} where user_id = ${memberId})
    order by p.id for update of p`);
}

/** Erases a member's place in projects and takes it off those projects' counts; run it after `lockProjectsOf`. */
export async function forgetParticipation(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`with gone as (delete from ${projectParticipants} where user_id = ${userId} returning project_id)
    update ${projects} p set participant_count = p.participant_count - g.n
    from (select project_id, count(*)::int as n from gone group by project_id) g
    where p.id = g.project_id`);
}
