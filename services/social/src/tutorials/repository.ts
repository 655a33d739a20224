import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { olderThan, type DbOrTx, type TimeIdKey } from '@freemarket/db';
import type { CreateTutorialInput } from '@freemarket/contracts';
import { diyContent, savedTutorials, skills, tutorialEnrolments, tutorialViews, type DiyContentRow, type SkillRow } from '../db/schema/index.js';

// Nested as drizzle selects it: spreading each tutorial's columns into a flat object costs more than
// the rest of a page's mapping, and nothing needs the copy.
export type TutorialView = { tutorial: DiyContentRow; skill: SkillRow | null; isSaved: boolean; isEnrolled: boolean };

// Written against the table's full name: drizzle leaves a lone table's columns unqualified, which a subquery would take as its own.
const savedBy = (viewerId: string) => sql<boolean>`exists (select 1 from ${savedTutorials} s where s.tutorial_id = ${diyContent}.id and s.user_id = ${viewerId})`;
/** Enrolled through a payment not refunded in full. */
const enrolledBy = (viewerId: string) =>
  sql<boolean>`exists (select 1 from ${tutorialEnrolments} e where e.user_id = ${viewerId} and e.tutorial_id = ${diyContent}.id and e.refunded_at is null)`;

function selectViews(db: DbOrTx, viewerId: string) {
  return db
    .select({ tutorial: diyContent, skill: skills, isSaved: savedBy(viewerId), isEnrolled: enrolledBy(viewerId) })
    .from(diyContent)
    .leftJoin(skills, eq(skills.id, diyContent.skillId));
}

export async function findSkill(db: DbOrTx, id: string): Promise<SkillRow | undefined> {
  const [row] = await db.select().from(skills).where(eq(skills.id, id));
  return row;
}

export async function insertTutorial(db: DbOrTx, creatorId: string, input: CreateTutorialInput, skill: SkillRow): Promise<DiyContentRow> {
  const [row] = await db
    .insert(diyContent)
    .values({ creatorId, ...input, categoryId: skill.categoryId })
    .returning();
  return row!;
}

export async function findTutorial(db: DbOrTx, id: string): Promise<DiyContentRow | undefined> {
  const [row] = await db.select().from(diyContent).where(eq(diyContent.id, id));
  return row;
}

export async function viewTutorial(db: DbOrTx, id: string, viewerId: string): Promise<TutorialView | undefined> {
  const [row] = await selectViews(db, viewerId).where(eq(diyContent.id, id));
  return row;
}

/** One page of tutorials, newest first, of one skill category or one creator. */
export async function pageTutorials(
  db: DbOrTx,
  viewerId: string,
  options: { categoryId?: string; creatorId?: string; after?: TimeIdKey; limit: number },
): Promise<TutorialView[]> {
  const conditions: SQL[] = [];
  if (options.categoryId) conditions.push(eq(diyContent.categoryId, options.categoryId));
  if (options.creatorId) conditions.push(eq(diyContent.creatorId, options.creatorId));
  if (options.after) conditions.push(olderThan(diyContent.createdAt, diyContent.id, options.after));
  return selectViews(db, viewerId)
    .where(and(...conditions))
    .orderBy(desc(diyContent.createdAt), desc(diyContent.id))
    .limit(options.limit + 1);
}

/** The tutorials a member saved, most recently saved first. */
export async function pageSaved(db: DbOrTx, userId: string, options: { after?: TimeIdKey; limit: number }): Promise<(TutorialView & { savedAt: Date })[]> {
  const conditions: SQL[] = [eq(savedTutorials.userId, userId)];
  if (options.after) conditions.push(olderThan(savedTutorials.savedAt, savedTutorials.tutorialId, options.after));
  return db
    .select({ tutorial: diyContent, skill: skills, isSaved: sql<boolean>`true`, isEnrolled: enrolledBy(userId), savedAt: savedTutorials.savedAt })
    .from(savedTutorials)
    .innerJoin(diyContent, eq(diyContent.id, savedTutorials.tutorialId))
    .leftJoin(skills, eq(skills.id, diyContent.skillId))
    .where(and(...conditions))
    .orderBy(desc(savedTutorials.savedAt), desc(savedTutorials.tutorialId))
    .limit(options.limit + 1);
}

/** Counts the member's first view of the tutorial; later ones change nothing. */
export async function recordView(db: DbOrTx, tutorialId: string, userId: string): Promise<void> {
  const [first] = await db.insert(tutorialViews).values({ tutorialId, userId }).onConflictDoNothing().returning({ userId: tutorialViews.userId });
  if (first) await db.update(diyContent).set({ viewCount: sql`${diyContent.viewCount} + 1` }).where(eq(diyContent.id, tutorialId));
}

export async function save(db: DbOrTx, tutorialId: string, userId: string): Promise<void> {
  await db.insert(savedTutorials).values({ tutorialId, userId }).onConflictDoNothing();
}

export async function unsave(db: DbOrTx, tutorialId: string, userId: string): Promise<void> {
  await db.delete(savedTutorials).where(and(eq(savedTutorials.tutorialId, tutorialId), eq(savedTutorials.userId, userId)));
}

/** Social's copy of one of the directory's skills, inserted or brought up to date. */
export async function upsertSkill(db: DbOrTx, skill: SkillRow): Promise<void> {
  const { name, categoryId, categoryName } = skill;
  await db.insert(skills).values(skill).onConflictDoUpdate({ target: skills.id, set: { name, categoryId, categoryName } });
}

/**
 * Locks, in id order, the tutorials a member made and those they are enrolled in, viewed or saved,
 * so two members' erasures that share some wait for each other in one order instead of deadlocking.
 */
export async function lockTutorialsOf(db: DbOrTx, memberId: string): Promise<void> {
  await db.execute(sql`select t.id from ${diyContent} t
    where t.creator_id = ${memberId}
      or t.id in (select tutorial_id from ${tutorialEnrolments} where user_id = ${memberId})
      or t.id in (select tutorial_id from ${tutorialViews} where user_id = ${memberId})
      or t.id in (select tutorial_id from ${savedTutorials} where user_id = ${memberId})
    order by t.id for update of t`);
}
