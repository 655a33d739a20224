import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { olderThan, queryRows, type DbOrTx, type TimeIdKey } from '@freemarket/db';
import type { CreateProjectInput, ProjectCategory, ProjectStatus } from '@freemarket/contracts';
import { projectParticipants, projects, type ProjectParticipantRow, type ProjectRow } from '../db/schema/index.js';

export type ProjectView = ProjectRow & { isParticipant: boolean };

// Written against the table's full name: drizzle leaves a lone table's columns unqualified, which a subquery would take as its own.
const joinedBy = (viewerId: string) => sql<boolean>`exists (select 1 from ${projectParticipants} pp where pp.project_id = ${projects}.id and pp.user_id = ${viewerId})`;

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
    updatedAt: projects.updatedAt,
    participantCount: projects.participantCount,
    isParticipant: joinedBy(viewerId),
  };
}

export async function insertProject(db: DbOrTx, creatorId: string, input: CreateProjectInput): Promise<ProjectRow> {
  const [row] = await db
    .insert(projects)
    .values({ creatorId, ...input })
    .returning();
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

/** The first `perProject` participants of each project, earliest first, in one query. */
export async function firstParticipants(db: DbOrTx, projectIds: readonly string[], perProject: number): Promise<Map<string, string[]>> {
  const byProject = new Map<string, string[]>(projectIds.map((id) => [id, []]));
  if (projectIds.length === 0) return byProject;
  const rows = await queryRows<{ project_id: string; user_id: string }>(
    db,
    sql`select p.id as project_id, pp.user_id
        from unnest(${sql.param(projectIds)}::uuid[]) as p(id)
        cross join lateral (
          select user_id from ${projectParticipants} where project_id = p.id order by joined_at, user_id limit ${perProject}
        ) as pp`,
  );
  for (const row of rows) byProject.get(row.project_id)?.push(row.user_id);
  return byProject;
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

/** Erases a member's place in projects and takes it off those projects' counts. */
export async function forgetParticipation(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`with gone as (delete from ${projectParticipants} where user_id = ${userId} returning project_id)
    update ${projects} p set participant_count = p.participant_count - g.n
    from (select project_id, count(*)::int as n from gone group by project_id) g
    where p.id = g.project_id`);
}
