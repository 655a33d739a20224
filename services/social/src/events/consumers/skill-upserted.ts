import type { ServiceRuntime } from '@freemarket/kit';
import { upsertSkill } from '../../tutorials/repository.js';

/** `skill.upserted`: social's copy of the directory's skills, which tutorials are filed under. */
export function consumeSkillUpserted(runtime: ServiceRuntime): void {
  runtime.consumeOnce('skill.upserted', async (tx, event) => {
    const { skillId, name, categoryId, categoryName } = event.data;
    await upsertSkill(tx, { id: skillId, name, categoryId, categoryName });
  });
}
