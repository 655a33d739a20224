import { skillCategoryListSchema } from '@freemarket/contracts';
import type { App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

/** Reference data: eight categories, not paginated. */
export function listSkillCategories(app: App, ctx: DirectoryContext): void {
  app.get('/api/skill-categories', { config: { memberOnly: true }, schema: { response: { 200: skillCategoryListSchema } } }, async () =>
    ctx.skills.categories(),
  );
}
