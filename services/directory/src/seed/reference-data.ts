import { sql } from 'drizzle-orm';
import { SKILL_CATALOG } from '@freemarket/contracts';
import type { Db } from '@freemarket/db';
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
