import { asc, eq, sql } from 'drizzle-orm';
import { SKILL_CATALOG } from '@freemarket/contracts';
import type { Db } from '@freemarket/db';
import type { ServiceRuntime } from '@freemarket/kit';
import { skillCategories, skills } from '../db/schema/index.js';

/**
 * Seeds the skill categories and skills at every start. Idempotent: existing rows keep their ids
 * (profiles refer to them), icons and colours follow the catalogue, and nothing is deleted.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const categories = await tx
      .insert(skillCategories)
      .values(SKILL_CATALOG.map((c) => ({ name: c.name, icon: c.icon, color: c.color })))
      .onConflictDoUpdate({ target: skillCategories.name, set: { icon: sql`excluded.icon`, color: sql`excluded.color` } })
      .returning({ id: skillCategories.id, name: skillCategories.name });
    const idOf = new Map(categories.map((c) => [c.name, c.id]));
    await tx
      .insert(skills)
      .values(SKILL_CATALOG.flatMap((c) => c.skills.map((name) => ({ name, categoryId: idOf.get(c.name)! }))))
      .onConflictDoNothing();
  });
}

/**
 * Announces every skill with its category (`skill.upserted`), so other services can file things
 * under skills without reading the directory's tables. At every start: the catalogue is small, and
 * a consumer that missed an earlier start catches up.
 */
export async function announceSkills(runtime: ServiceRuntime): Promise<void> {
  await runtime.transaction(async (tx, emit) => {
    const rows = await tx
      .select({ skillId: skills.id, name: skills.name, categoryId: skillCategories.id, categoryName: skillCategories.name })
      .from(skills)
      .innerJoin(skillCategories, eq(skillCategories.id, skills.categoryId))
      .orderBy(asc(skills.name));
    for (const row of rows) await emit('skill.upserted', row);
  });
}
