import { createProjectBodySchema, projectDetailsSchema, projectParamsSchema, projectSchema, updateProjectBodySchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

/** Start a project, and its creator's status changes. */
export function writeProject(app: App, ctx: SocialContext): void {
  app.post('/api/projects', { config: { memberOnly: true }, schema: { body: createProjectBodySchema, response: { 201: projectSchema } } }, async (req, reply) => {
    const project = await ctx.projects.create(requireActor(req), req.body);
    return reply.status(201).send(project);
  });
  app.put(
    '/api/projects/:id',
    { config: { memberOnly: true }, schema: { params: projectParamsSchema, body: updateProjectBodySchema, response: { 200: projectDetailsSchema } } },
    async (req) => ctx.projects.update(requireActor(req), req.params.id, req.body),
  );
}
