import { skillListSchema, skillsByCategoryParams } from '@freemarket/contracts';
import type { App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

/** Reference data: a category's skills (a dozen at most), not paginated. */
export function listSkillsByCategory(app: App, ctx: DirectoryContext): void {
  app.get('/api/skills/category/:categoryId', { config: { memberOnly: true }, schema: { params: skillsByCategoryParams, response: { 200: skillListSchema } } }, async (req) =>
    ctx.skills.byCategory(req.params.categoryId),
  );
}
