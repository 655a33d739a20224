import { skillCategoryListSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

/** Reference data: eight categories, not paginated. */
export function listSkillCategories(app: App, ctx: DirectoryContext): void {
  app.get('/api/skill-categories', { schema: { response: { 200: skillCategoryListSchema } } }, async (req) => {
    requireActor(req);
    return ctx.skills.categories();
  });
}
