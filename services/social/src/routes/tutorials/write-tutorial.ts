import { createTutorialBodySchema, tutorialParamsSchema, tutorialSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

/** Publish a tutorial; start it (one view per member); save it for later and unsave it. */
export function writeTutorial(app: App, ctx: SocialContext): void {
  app.post('/api/diy-content', { config: { memberOnly: true }, schema: { body: createTutorialBodySchema, response: { 201: tutorialSchema } } }, async (req, reply) => {
    const tutorial = await ctx.tutorials.create(requireActor(req), req.body);
    return reply.status(201).send(tutorial);
  });
  const schema = { params: tutorialParamsSchema, response: { 200: tutorialSchema } };
  app.post('/api/diy-content/:id/start', { config: { memberOnly: true }, schema }, async (req) => ctx.tutorials.start(requireActor(req), req.params.id));
  app.put('/api/diy-content/:id/saved', { config: { memberOnly: true }, schema }, async (req) => ctx.tutorials.save(requireActor(req), req.params.id, true));
  app.delete('/api/diy-content/:id/saved', { config: { memberOnly: true }, schema }, async (req) => ctx.tutorials.save(requireActor(req), req.params.id, false));
}
