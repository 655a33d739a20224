import { listTutorialsQuerySchema, tutorialPageSchema, tutorialParamsSchema, tutorialSchema, tutorialsByCategoryParamsSchema, tutorialsByCreatorParamsSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

/** A skill category's tutorials (the learning hub's tabs), a creator's (the profile dialog), one's saved ones, and one tutorial (a link to it). */
export function getTutorials(app: App, ctx: SocialContext): void {
  const response = { 200: tutorialPageSchema };
  app.get('/api/diy-content/skill/:categoryId', { config: { memberOnly: true }, schema: { params: tutorialsByCategoryParamsSchema, querystring: listTutorialsQuerySchema, response } }, async (req) =>
    ctx.tutorials.byCategory(requireActor(req), req.params.categoryId, req.query),
  );
  app.get('/api/diy-content/creator/:userId', { config: { memberOnly: true }, schema: { params: tutorialsByCreatorParamsSchema, querystring: listTutorialsQuerySchema, response } }, async (req) =>
    ctx.tutorials.byCreator(requireActor(req), req.params.userId, req.query),
  );
  app.get('/api/diy-content/saved/me', { config: { memberOnly: true }, schema: { querystring: listTutorialsQuerySchema, response } }, async (req) =>
    ctx.tutorials.saved(requireActor(req), req.query),
  );
  app.get('/api/diy-content/:id', { config: { memberOnly: true }, schema: { params: tutorialParamsSchema, response: { 200: tutorialSchema } } }, async (req) =>
    ctx.tutorials.get(requireActor(req), req.params.id),
  );
}
