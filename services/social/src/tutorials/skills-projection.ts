import type { ServiceRuntime } from '@freemarket/kit';
import { skills } from '../db/schema/index.js';

/** Keeps social's copy of the directory's skills current from `skill.upserted`. */
export function projectSkills(runtime: ServiceRuntime): void {
  runtime.consumeOnce('skill.upserted', async (tx, event) => {
    const { skillId, name, categoryId, categoryName } = event.data;
    await tx
      .insert(skills)
      .values({ id: skillId, name, categoryId, categoryName })
      .onConflictDoUpdate({ target: skills.id, set: { name, categoryId, categoryName } });
  });
}
