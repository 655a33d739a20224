import { listProjectsQuerySchema, projectDetailsSchema, projectPageSchema, projectParamsSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function getProjects(app: App, ctx: SocialContext): void {
  app.get('/api/projects', { config: { memberOnly: true }, schema: { querystring: listProjectsQuerySchema, response: { 200: projectPageSchema } } }, async (req) =>
    ctx.projects.list(requireActor(req), req.query),
  );
  app.get('/api/projects/:id', { config: { memberOnly: true }, schema: { params: projectParamsSchema, response: { 200: projectDetailsSchema } } }, async (req) =>
    ctx.projects.details(requireActor(req), req.params.id),
  );
}
